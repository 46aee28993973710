import type { FastifyInstance } from 'fastify';
import { refuseNulCharacters } from '../lib/validation';

/**
 * Checks every route's parsed input before its schema runs (issue 11 defect 1): a NUL in a path
 * parameter, query or JSON body is a 422 here rather than a database error (500) later. Multipart
 * fields are checked where they are read (lib/multipart.ts).
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNulCharacters(request.params, 'params');
    refuseNulCharacters(request.query, 'querystring');
    refuseNulCharacters(request.body, 'body');
  });
}
