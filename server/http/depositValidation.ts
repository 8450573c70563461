import type { FastifyRequest } from 'fastify';
import { DepositRefusals } from '../domain/depositErrors';

/**
 * For routes registered with `attachValidation`: a body whose only fault is a currency other than USD is
 * "currency not supported" (DE#00012, section 8); any other schema fault is answered as usual (400).
 */
export function rejectInvalidBody(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  const first = (error as { validation?: Array<{ instancePath: string }> }).validation?.[0];
  if (first && /\/amount\/currency$/.test(first.instancePath)) throw DepositRefusals.currencyNotSupported();
  throw error;
}
