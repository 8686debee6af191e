import { formatIsoDay } from '@housnkuh/shared/format';
import {
  vendorContractsResponseSchema,
  vendorNoticeResponseSchema,
  vendorNoticeSchema,
} from '@housnkuh/shared/schemas/admin-rental';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vendorIdOf } from '../../plugins/auth';
import { contractAnswers } from './contracts.service';
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
        message: `Deine Kündigung ist eingegangen. Dein Vertrag ${contract.number ?? ''} endet am ${formatIsoDay(contract.endDate!)}; eine Bestätigung kommt per E-Mail.`,
        contract,
      };
    },
  );
};
