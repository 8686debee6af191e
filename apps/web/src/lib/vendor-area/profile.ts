import type { VendorUser } from '@housnkuh/shared/schemas/vendor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiError } from '../api';
import { saveVendorSession, useStoredVendorSession, vendorQueryKeys } from '../vendor-token';

/** The German message of a failed call of the vendor area: the server's, else what went wrong. */
export function vendorErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network' || error.kind === 'timeout') {
      return 'Der Server antwortet nicht. Bitte prüfe deine Verbindung und versuche es noch einmal.';
    }
  }
  return 'Das hat nicht geklappt. Bitte versuche es noch einmal.';
}

const schemas = () => import('@housnkuh/shared/schemas/vendor');
const profileSchemas = () => import('@housnkuh/shared/schemas/vendor-profile');

type Profile = Awaited<ReturnType<typeof fetchProfile>>;

async function fetchProfile(token: string, id: string, signal?: AbortSignal) {
  const { vendorProfileResponseSchema } = await schemas();
  const response = await apiRequest(`/vendor-auth/profile/${encodeURIComponent(id)}`, {
    token,
    schema: vendorProfileResponseSchema,
    signal,
  });
  return response.profile;
}

const profileKey = (token: string) => [...vendorQueryKeys.all, token, 'profile'] as const;

/** GET /vendor-auth/profile/{id}: the signed-in producer's own profile with business data. */
export function useOwnProfile() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  const id = String(session?.user.id ?? '');
  return useQuery({
    queryKey: profileKey(token),
    queryFn: ({ signal }) => fetchProfile(token, id, signal),
    enabled: Boolean(session?.checked),
    staleTime: 0,
  });
}

/** The session's user record follows the saved profile (name, company, picture in the header). */
function useKeepSession() {
  const session = useStoredVendorSession();
  const client = useQueryClient();
  return (profile: Profile) => {
    client.setQueryData(profileKey(session?.token ?? ''), profile);
    if (!session) return;
    const user: VendorUser = {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      unternehmen: profile.unternehmen,
      telefon: profile.telefon,
      profilBild: profile.profilBild,
      isVendor: true,
      accountStatus: profile.accountStatus,
      registrationDate: profile.registrationDate,
    };
    saveVendorSession(session.token, user);
  };
}

/** PUT /vendor-auth/profile */
export function useSaveProfile() {
  const session = useStoredVendorSession();
  const keep = useKeepSession();
  return useMutation({
    mutationFn: async (body: unknown) => {
      const { vendorProfileSavedResponseSchema } = await schemas();
      return apiRequest('/vendor-auth/profile', {
        method: 'PUT',
        token: session?.token,
        body,
        schema: vendorProfileSavedResponseSchema,
      });
    },
    onSuccess: (result) => keep(result.profile),
  });
}

/** PUT or DELETE /vendor-auth/profile/pictures/{kind} */
export function usePicture(kind: 'profile' | 'banner') {
  const session = useStoredVendorSession();
  const keep = useKeepSession();
  return useMutation({
    mutationFn: async (file: File | null) => {
      const { vendorProfileSavedResponseSchema } = await schemas();
      return apiRequest(`/vendor-auth/profile/pictures/${kind}`, {
        method: file ? 'PUT' : 'DELETE',
        token: session?.token,
        ...(file ? { file } : {}),
        schema: vendorProfileSavedResponseSchema,
        timeoutMs: 120_000,
      });
    },
    onSuccess: (result) => keep(result.profile),
  });
}

/** GET /vendor-auth/tags: the product categories to choose from. */
export function useTagChoices() {
  const session = useStoredVendorSession();
  const token = session?.token ?? '';
  return useQuery({
    queryKey: [...vendorQueryKeys.all, token, 'tag-choices'],
    queryFn: async ({ signal }) => {
      const { vendorTagChoicesResponseSchema } = await profileSchemas();
      return (
        await apiRequest('/vendor-auth/tags', {
          token,
          schema: vendorTagChoicesResponseSchema,
          signal,
        })
      ).tags;
    },
    enabled: Boolean(session?.checked),
    staleTime: 5 * 60_000,
  });
}

/** PUT /vendor-auth/business */
export function useSaveBusiness() {
  const session = useStoredVendorSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: unknown) => {
      const { vendorBusinessResponseSchema } = await profileSchemas();
      return apiRequest('/vendor-auth/business', {
        method: 'PUT',
        token: session?.token,
        body,
        schema: vendorBusinessResponseSchema,
      });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: profileKey(session?.token ?? '') }),
  });
}

/** POST /vendor-auth/password */
export function useChangePassword() {
  const session = useStoredVendorSession();
  return useMutation({
    mutationFn: async (body: unknown) => {
      const { messageResponseSchema } = await import('@housnkuh/shared/schemas/common');
      return apiRequest('/vendor-auth/password', {
        method: 'POST',
        token: session?.token,
        body,
        schema: messageResponseSchema,
      });
    },
  });
}

/** GET /vendor-auth/export: every stored datum of the producer, saved as a JSON file. */
export function useExportData() {
  const session = useStoredVendorSession();
  return useMutation({
    mutationFn: async () => {
      const response = await fetch('/api/vendor-auth/export', {
        headers: { authorization: `Bearer ${session?.token ?? ''}` },
      });
      if (!response.ok) {
        throw new ApiError('http', 'Deine Daten konnten nicht geladen werden.', response.status);
      }
      const blob = await response.blob();
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
        'meine-daten.json';
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
}
