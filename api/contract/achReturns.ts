import { type Static } from '@sinclair/typebox';
import { Obj, StringEnum, Uuid } from './common';
import { ACH_RETURN_CODES } from './enums';

/** Sandbox: POST ApiPaths.sandboxReturnDeposit. The customer's bank returns a sent or settled bank deposit. */
export const SandboxReturnDepositParams = Obj({ depositId: Uuid });
export type SandboxReturnDepositParams = Static<typeof SandboxReturnDepositParams>;

export const SandboxReturnDepositRequest = Obj({ code: StringEnum(ACH_RETURN_CODES) });
export type SandboxReturnDepositRequest = Static<typeof SandboxReturnDepositRequest>;
