import {
  contractChangeSchema,
  earliestEndQuerySchema,
  earliestEndResponseSchema,
  extraordinaryTerminationSchema,
  LIFECYCLE_MESSAGES,
  lifecycleRunResponseSchema,
  lifecycleRunSchema,
  terminateContractSchema,
  terminationPreviewResponseSchema,
  changePreviewResponseSchema,
  vertraegeQuerySchema,
  vertraegeResponseSchema,
  vertragResponseSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import { formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import { transaction } from '../../db/transaction';
import { InvalidError } from '../../lib/domain-errors';
import { recordAudit } from '../audit/public';
import type { MailDraft } from '../mail/public';
import { vendorNamesOf } from '../vendors/public';
import { lastLifecycleRun, runContractLifecycle } from './lifecycle.service';
import { changeContract } from './versions.service';
import {
  dryRun,
  earliestEndOf,
  listVertraege,
  previewExtraordinary,
  previewTermination,
  renderedText,
  terminateContract,
  terminateExtraordinarily,
  vertragDetail,
} from './vertraege.service';

/** /api/admin/vertraege: the contracts, their history, and terminations. */
export const vertraegeRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;
  const openingDate = async () => (await app.settings.get()).openingDate;

  app.get(
    '/admin/vertraege',
    {
      schema: { querystring: vertraegeQuerySchema, response: { 200: vertraegeResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await listVertraege(app.db, await openingDate(), request.query)),
      lifecycle: await lastLifecycleRun(app.db),
    }),
  );

  app.get(
    '/admin/vertraege/:id',
    { schema: { params: idParamsSchema, response: { 200: vertragResponseSchema } }, config: admin },
    async (request) => ({
      success: true as const,
      vertrag: await vertragDetail(app.db, await openingDate(), request.params.id),
    }),
  );

  app.get(
    '/admin/vertraege/:id/earliest-end',
    {
      schema: {
        params: idParamsSchema,
        querystring: earliestEndQuerySchema,
        response: { 200: earliestEndResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      earliestEnd: await earliestEndOf(
        app.db,
        await openingDate(),
        request.params.id,
        request.query.noticeDate ?? isoDayInBerlin(),
        request.query.kind === 'vendor' ? 'producer' : 'shop',
      ),
    }),
  );

  app.post(
    '/admin/vertraege/:id/terminate',
    {
      schema: {
        params: idParamsSchema,
        body: terminateContractSchema,
        response: { 200: vertragResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const vertrag = await terminateContract(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body,
      );
      return {
        success: true as const,
        message: `Die Kündigung ist eingetragen: ${vertrag.statusLabel}.`,
        vertrag,
      };
    },
  );

  app.post(
    '/admin/vertraege/:id/extraordinary',
    {
      schema: {
        params: idParamsSchema,
        body: extraordinaryTerminationSchema,
        response: { 200: vertragResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const vertrag = await terminateExtraordinarily(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body,
      );
      return {
        success: true as const,
        message: `Die außerordentliche Kündigung ist eingetragen: ${vertrag.statusLabel}.`,
        vertrag,
      };
    },
  );

  app.post(
    '/admin/vertraege/:id/change',
    {
      schema: {
        params: idParamsSchema,
        body: contractChangeSchema,
        response: { 200: vertragResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const settings = await app.settings.get();
      const { monthlyPriceCents } = await transaction(app.db, (tx) =>
        changeContract(tx, adminActorOf(request), request.params.id, request.body, {
          settings,
          publicUrl: app.config.publicUrl,
        }),
      );
      const vertrag = await vertragDetail(app.db, settings.openingDate, request.params.id);
      return {
        success: true as const,
        message: `Die Änderung ab dem ${formatIsoDay(request.body.validFrom)} ist eingetragen: ${formatEuro(monthlyPriceCents)} im Monat. Der Direktvermarkter bekommt eine E-Mail.`,
        vertrag,
      };
    },
  );

  // what a termination or a change will do, before the admin confirms: nothing is saved or sent
  app.post(
    '/admin/vertraege/:id/terminate/preview',
    {
      schema: {
        params: idParamsSchema,
        body: terminateContractSchema,
        response: { 200: terminationPreviewResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      preview: await previewTermination(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/admin/vertraege/:id/extraordinary/preview',
    {
      schema: {
        params: idParamsSchema,
        body: extraordinaryTerminationSchema,
        response: { 200: terminationPreviewResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      preview: await previewExtraordinary(
        app.db,
        await app.settings.get(),
        adminActorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/admin/vertraege/:id/change/preview',
    {
      schema: {
        params: idParamsSchema,
        body: contractChangeSchema,
        response: { 200: changePreviewResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const settings = await app.settings.get();
      const captured = await dryRun(app.db, async (tx) => {
        let mail: { draft: MailDraft; freed: string[] } | null = null;
        await changeContract(tx, adminActorOf(request), request.params.id, request.body, {
          settings,
          publicUrl: app.config.publicUrl,
          capture: (draft, freed) => (mail = { draft, freed }),
        });
        const [vendor] = await vendorNamesOf(tx, [
          (await vertragDetail(tx, settings.openingDate, request.params.id)).vendorId,
        ]);
        const caught = mail as { draft: MailDraft; freed: string[] } | null;
        return {
          freed: caught?.freed ?? [],
          mail:
            caught && vendor
              ? { to: vendor.email, ...(await renderedText(tx, caught.draft)) }
              : null,
        };
      });
      return {
        success: true as const,
        preview: { validFrom: request.body.validFrom, units: captured.freed, mail: captured.mail },
      };
    },
  );

  // the daily job at once (after the opening date was set, say); a given day only in tests
  app.post(
    '/admin/vertraege/lifecycle',
    {
      schema: { body: lifecycleRunSchema, response: { 200: lifecycleRunResponseSchema } },
      config: admin,
    },
    async (request) => {
      const today = isoDayInBerlin();
      const day = request.body.day ?? today;
      if (day !== today && !app.config.jobDayOverride) {
        throw new InvalidError(LIFECYCLE_MESSAGES.onlyToday, [
          { field: 'day', message: LIFECYCLE_MESSAGES.onlyToday },
        ]);
      }
      const result = await runContractLifecycle(
        app.db,
        await app.settings.get(),
        app.config.publicUrl,
        day,
      );
      await recordAudit(app.db, adminActorOf(request), {
        action: 'contract.lifecycle',
        entity: 'contract',
        entityId: null,
        summary: `Vertragsprüfung für den ${day} von Hand ausgeführt`,
        before: null,
        after: result,
      });
      const lifecycle = (await lastLifecycleRun(app.db))!;
      return {
        success: true as const,
        message: LIFECYCLE_MESSAGES.done(result),
        lifecycle: { ...lifecycle, day, result },
      };
    },
  );
};
