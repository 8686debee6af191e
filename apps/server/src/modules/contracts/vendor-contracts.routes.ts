import { formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import {
  CHANGE_MESSAGES,
  vendorContractsResponseSchema,
  vendorModelPreviewSchema,
  vendorModelResponseSchema,
  vendorModelSchema,
  vendorNoticeResponseSchema,
  vendorNoticeSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { transaction } from '../../db/transaction';
import { contractAnswers } from './contracts.service';
import { changeContract, modelPreview } from './versions.service';
import { vendorNotice } from './vertraege.service';

/** /api/vendor-auth/contracts: the signed-in producer's contracts, and its notice. */
export const vendorContractsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor-auth/contracts',
    { schema: { response: { 200: vendorContractsResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      const settings = await app.settings.get();
      const contracts = await contractAnswers(app.db, [vendorIdOf(request)], settings.openingDate);
      return {
        success: true as const,
        contracts: contracts.map(({ bookingRequestId: _request, ...contract }) => contract),
      };
    },
  );

  app.post(
    '/vendor-auth/contracts/:id/notice',
    {
      schema: {
        params: idParamsSchema,
        body: vendorNoticeSchema,
        response: { 200: vendorNoticeResponseSchema },
      },
      config: { access: 'vendor' },
    },
    async (request) => {
      const contract = await vendorNotice(
        app.db,
        await app.settings.get(),
        vendorIdOf(request),
        request.params.id,
        request.body.reason,
      );
      return {
        success: true as const,
        message: contract.endDate
          ? `Deine Kündigung ist eingegangen. Dein Vertrag ${contract.number ?? ''} endet am ${formatIsoDay(contract.endDate)}; eine Bestätigung kommt per E-Mail.`
          : `Dein Vertrag ${contract.number ?? ''} ist vor seinem Beginn am ${formatIsoDay(contract.startDate)} storniert; eine Bestätigung kommt per E-Mail.`,
        contract,
      };
    },
  );

  // the producer's own switch between the models, from the first of next month
  app.get(
    '/vendor-auth/contracts/:id/model',
    {
      schema: {
        params: idParamsSchema,
        querystring: vendorModelSchema,
        response: { 200: vendorModelPreviewSchema },
      },
      config: { access: 'vendor' },
    },
    async (request) => ({
      success: true as const,
      ...(await modelPreview(
        app.db,
        vendorIdOf(request),
        request.params.id,
        request.query.provisionType,
        (await app.settings.get()).openingDate,
      )),
    }),
  );

  app.post(
    '/vendor-auth/contracts/:id/model',
    {
      schema: {
        params: idParamsSchema,
        body: vendorModelSchema,
        response: { 200: vendorModelResponseSchema },
      },
      config: { access: 'vendor' },
    },
    async (request) => {
      const settings = await app.settings.get();
      const vendorId = vendorIdOf(request);
      const preview = await modelPreview(
        app.db,
        vendorId,
        request.params.id,
        request.body.provisionType,
        settings.openingDate,
      );
      await transaction(app.db, (tx) =>
        changeContract(
          tx,
          { id: null, name: 'Direktvermarkter' },
          request.params.id,
          {
            validFrom: preview.validFrom,
            provisionType: request.body.provisionType,
            reason: 'Modellwechsel durch den Direktvermarkter',
          },
          { settings, publicUrl: app.config.publicUrl },
        ),
      );
      const contracts = await contractAnswers(app.db, [vendorId], settings.openingDate);
      const { bookingRequestId: _request, ...contract } = contracts.find(
        (candidate) => candidate.id === request.params.id,
      )!;
      return {
        success: true as const,
        message: CHANGE_MESSAGES.modelDone(
          request.body.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell',
          preview.validFrom,
          formatEuro(preview.monthlyPriceCents),
        ),
        contract,
      };
    },
  );
};
