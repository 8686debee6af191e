import { ERRORS } from '@housnkuh/shared/messages';
import type { FieldError } from '@housnkuh/shared/schemas/common';
import type { PackageDataInput } from '@housnkuh/shared/schemas/booking';
import type { RegistrationResult } from '@housnkuh/shared/schemas/registration';
import { ApiError, apiRequest } from '../../../../lib/api';

export interface RegistrationValues {
  email: string;
  password: string;
  confirmPassword: string;
  name: string;
  telefon: string;
  unternehmen: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  comments: string;
  agreeToTerms: boolean;
  agreeToPrivacy: boolean;
}

export type RegistrationOutcome =
  | { success: true; result: RegistrationResult }
  | { success: false; message: string; fieldErrors: FieldError[] };

/** POST /vendor-auth/register or /preregister; the messages of spec §8. */
export async function registerVendor(
  values: RegistrationValues,
  packageData: PackageDataInput,
  preregistration: boolean,
): Promise<RegistrationOutcome> {
  const fallback = preregistration ? ERRORS.preregistrationFallback : ERRORS.registrationFallback;
  try {
    const { registrationResultSchema } = await import('@housnkuh/shared/schemas/registration');
    const result = await apiRequest(
      preregistration ? '/vendor-auth/preregister' : '/vendor-auth/register',
      {
        body: { ...values, packageData },
        schema: registrationResultSchema,
        timeoutMs: 20_000,
      },
    );
    if (!result.success)
      return {
        success: false,
        message: result.message || ERRORS.registrationModal,
        fieldErrors: [],
      };
    return { success: true, result };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.kind === 'network' || error.kind === 'timeout') {
        return { success: false, message: ERRORS.noResponse, fieldErrors: [] };
      }
      if (error.kind === 'http') {
        return {
          success: false,
          message: error.serverMessage ?? fallback,
          fieldErrors: error.fieldErrors,
        };
      }
    }
    return { success: false, message: ERRORS.registrationModalException, fieldErrors: [] };
  }
}

/**
 * POST /vendor-auth/email-available, when the modal leaves step 1: the
 * message to show on the e-mail field when the address is taken, else null.
 * When the check itself fails (no answer, too many requests), the visitor goes
 * on; registration checks the address again at the end.
 */
export async function takenEmailMessage(email: string): Promise<string | null> {
  try {
    const { emailAvailabilityResponseSchema } =
      await import('@housnkuh/shared/schemas/registration');
    const result = await apiRequest('/vendor-auth/email-available', {
      body: { email },
      schema: emailAvailabilityResponseSchema,
      timeoutMs: 10_000,
    });
    return result.available ? null : (result.message ?? ERRORS.emailTaken);
  } catch {
    return null;
  }
}
