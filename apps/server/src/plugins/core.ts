import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** The configuration for every plugin, and the shared zod schemas as Fastify's validators. */
export const corePlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    app.decorate('config', config);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
  },
  { name: 'core' },
);
