/**
 * Funding-method rules and constants (funding-methods.md sections 5 and 9) as plain values and pure
 * functions. The server enforces them and the app's forms and selectors use the very same functions, so
 * the two cannot drift apart.
 */

import { DebitCardErrorCode, FundingErrorCode, FundingMessages } from './errors';
import { isBankMethodType } from './bankMethodTypes';
import { hasHiddenCharacters, normaliseShownText } from './shownText';

export const MAX_BANK_ACCOUNTS = 3;
export const MAX_DEBIT_CARDS = 1;
/** A new method is allowed only while the customer has fewer than this many. */
export const MAX_PAYMENT_METHODS = 4;
export const ROUTING_NUMBER_LENGTH = 9;
export const NUMBER_LINK_ACCOUNT_MIN = 4;
export const NUMBER_LINK_ACCOUNT_MAX = 17;
export const MICRO_DEPOSIT_ACCOUNT_MIN = 3;
export const MICRO_DEPOSIT_ACCOUNT_MAX = 17;
export const MICRO_DEPOSIT_MIN_CENTS = 1;
export const MICRO_DEPOSIT_MAX_CENTS = 99;
/** Wrong micro-deposit entries allowed before two new deposits are reissued. */
export const MICRO_DEPOSIT_MAX_ATTEMPTS = 3;
/** Reissues allowed before the relationship is canceled. */
export const MICRO_DEPOSIT_MAX_REISSUES = 1;
export const NICKNAME_MAX_LENGTH = 30;
export const DEBIT_CARD_MAX_ADDRESS_ATTEMPTS = 10;
export const IMAGE_UPLOAD_MAX_BYTES = 5_242_880;
/** Our decision (the spec gives no PDF limit): PDFs may be twice the image limit. */
export const PDF_UPLOAD_MAX_BYTES = 10_485_760;
export const STATEMENT_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
export const MAX_STATEMENT_FILES = 5;
export const SEARCH_DEBOUNCE_MS = 300;
export const LINK_MODAL_HEIGHT_PX = 630;
export const MICRO_DEPOSIT_VERIFY_MODAL = { width: 496, height: 540 } as const;
export const DEBIT_CARD_MODAL_WIDTH_PX = 496;
/** Verification-link failures allowed before the fallbacks: one retry. */
export const NUMBER_LINK_MAX_ATTEMPTS = 2;

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

export const isValidNumberLinkAccount = (value: string) =>
  /^\d+$/.test(value) && value.length >= NUMBER_LINK_ACCOUNT_MIN && value.length <= NUMBER_LINK_ACCOUNT_MAX;

export const isValidMicroDepositAccount = (value: string) =>
  /^\d+$/.test(value) && value.length >= MICRO_DEPOSIT_ACCOUNT_MIN && value.length <= MICRO_DEPOSIT_ACCOUNT_MAX;

/**
 * A micro-deposit amount as typed ("$0.32", "0.32", ".32", "0.5"): the dollar sign is stripped, the rest must be a
 * string of 3 or 4 characters worth 0.01 to 0.99 (one or two decimals, so "0.5" is 50 cents). Returns the cents,
 * or null when the entry is not valid.
 */
export function parseMicroDepositAmount(input: string): number | null {
  const value = input.trim().replace(/^\$/, '');
  if (value.length < 3 || value.length > 4) return null;
  const match = /^0?\.(\d{1,2})$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1].padEnd(2, '0'));
  return cents >= MICRO_DEPOSIT_MIN_CENTS && cents <= MICRO_DEPOSIT_MAX_CENTS ? cents : null;
}

/** "32" → "0.32", "5" → "0.05", "123" → "1.23": digits read as cents. */
function centsText(digits: string): string {
  const padded = digits.replace(/^0+/, '').padStart(3, '0');
  return `${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

/**
 * The micro-deposit amount field's dollar mask: what the field shows (after its "$") for what was typed. Ours (the
 * spec says only "masked as dollars"): micro-deposits are always cents, so digits typed without a point are cents,
 * "32" shows 0.32 and "5" shows 0.05, each keystroke shifting in from the right. A typed point means dollars and
 * cents as written: "0.5" stays 0.5 (read as $0.50) and ".45" shows 0.45. A lone "0" waits for its point. A third
 * decimal shifts the point again ("0.03" then "2" shows 0.32), so typing on after the mask filled in reads on.
 */
export function maskMicroDepositAmount(typed: string): string {
  const kept = typed.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  if (point === -1) {
    if (kept === '') return '';
    return /^0+$/.test(kept) ? '0' : centsText(kept);
  }
  const whole = kept.slice(0, point);
  const fraction = kept.slice(point + 1).replace(/\./g, '');
  if (fraction.length > 2) return centsText(whole + fraction);
  return `${whole.replace(/^0+/, '') || '0'}.${fraction}`;
}

// Pictographic characters, emoji presentation selectors, skin tones, keycaps and joiners.
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Presentation}]|[\u{FE0F}\u{20E3}]|\u{200D}|[\u{1F3FB}-\u{1F3FF}]/u;

export const containsEmoji = (value: string) => EMOJI.test(value);

/** Trimmed, runs of whitespace collapsed to one space, in Unicode NFC: the form a nickname is stored in. */
export const normaliseNickname = (value: string) => normaliseShownText(value.trim().replace(/\s+/g, ' '));

export type NicknameProblem = 'required' | 'hidden' | 'emoji' | 'tooLong';

export const NICKNAME_MESSAGES: Record<NicknameProblem, string> = {
  required: 'Please enter a nickname',
  hidden: "Nicknames can't contain control characters or hidden text-direction marks",
  emoji: 'No emojis',
  tooLong: `Nickname must be at most ${NICKNAME_MAX_LENGTH} characters`,
};

/** The first problem with a nickname, judged after normalising, or null when it is acceptable. */
export function nicknameProblem(value: string): NicknameProblem | null {
  const normalised = normaliseNickname(value);
  if (normalised === '') return 'required';
  // Shown back to the customer (shownText.ts): tabs and line breaks were folded to spaces above.
  if (hasHiddenCharacters(normalised)) return 'hidden';
  if (containsEmoji(normalised)) return 'emoji';
  if ([...normalised].length > NICKNAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Messages of the validation table (section 5), word for word. */
export const FundingValidationMessages = {
  microRoutingNumber: 'Routing number is a 9 digit number',
  microAccountNumber: 'Bank account usually consists of at least three digits',
  accountNumbersDiffer: "Bank account numbers don't match",
  routingNumber: 'Please enter a valid 9-digit routing number',
  accountNumber: 'Please enter a valid account number',
  microDepositAmount: 'Amount must be between $0.01 and $0.99',
  nicknameRequired: NICKNAME_MESSAGES.required,
  nicknameEmoji: NICKNAME_MESSAGES.emoji,
  imageTypeNotSupported: 'This image type is not supported.',
  imageTooBig: 'This image is too big.',
  /** Ours: the spec has no words for an empty file. */
  fileEmpty: 'This file is empty.',
  uploadFailed: 'Something went wrong. Try again.',
} as const;

/** Lower-cased extension of a file name, without the dot ('' when there is none). */
export const fileExtension = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** An allowed-extensions check where an empty list allows any file. */
export const isAllowedExtension = (fileName: string, allowed: readonly string[]) =>
  allowed.length === 0 || allowed.includes(fileExtension(fileName));

export type StatementFileProblem = 'type' | 'tooBig';

/** Why a statement file cannot be uploaded, or null when it can. */
export function statementFileProblem(fileName: string, sizeBytes: number): StatementFileProblem | null {
  const ext = fileExtension(fileName);
  if (!isAllowedExtension(fileName, STATEMENT_EXTENSIONS)) return 'type';
  const limit = (IMAGE_EXTENSIONS as readonly string[]).includes(ext) ? IMAGE_UPLOAD_MAX_BYTES : PDF_UPLOAD_MAX_BYTES;
  return sizeBytes > limit ? 'tooBig' : null;
}

/** Snapshot of the customer's methods that the addition rules (section 5) look at. */
export interface AdditionRuleInput {
  /** null while the account status is not known yet */
  applicationStatus: string | null;
  /** The user's status: a CLOSED customer adds nothing. null while not known. */
  userStatus: string | null;
  methods: ReadonlyArray<{ type: string; approvalMethod: string | null; status: string }>;
}

export { BANK_METHOD_TYPES, isBankMethodType } from './bankMethodTypes';

export interface AdditionRules {
  canAddMethod: boolean;
  canAddBank: boolean;
  canAddDebitCard: boolean;
  canAddMicroDeposit: boolean;
  canAddWire: boolean;
}

/** The addition rules of section 5; canceled methods are history and do not count. */
export function additionRules({ applicationStatus, userStatus, methods }: AdditionRuleInput): AdditionRules {
  const live = methods.filter((method) => method.status !== 'CANCELED');
  const closed = userStatus === 'CLOSED';
  const canAddMethod = applicationStatus !== null && !closed && live.length < MAX_PAYMENT_METHODS;
  const banks = live.filter((method) => isBankMethodType(method.type)).length;
  const cards = live.filter((method) => method.type === 'DEBIT_CARD').length;
  const canAddBank = canAddMethod && banks < MAX_BANK_ACCOUNTS;
  return {
    canAddMethod,
    canAddBank,
    canAddDebitCard: canAddMethod && cards < MAX_DEBIT_CARDS,
    canAddMicroDeposit: canAddBank && !live.some((method) => method.approvalMethod === 'MICRO_DEPOSIT'),
    canAddWire: applicationStatus === 'COMPLETE' && !closed,
  };
}

/** What a customer is adding: a bank linked by partner or numbers, a bank by micro-deposits, a debit card, a wire. */
export type Addition = 'bank' | 'microDeposit' | 'debitCard' | 'wire';

/** Why an addition is refused, in the words the API answers with (4xx {errorCode, message}). */
export interface AdditionRefusal {
  status: number;
  errorCode: FundingErrorCode;
  message: string;
}

/**
 * The first addition rule (section 5) that this addition breaks, or null when it may go ahead. The server
 * answers with it, and the app says it on a flow's first screen, before anything is typed.
 */
export function additionRefusal(addition: Addition, input: AdditionRuleInput): AdditionRefusal | null {
  const refusal = (status: number, errorCode: FundingErrorCode, message: string): AdditionRefusal => ({ status, errorCode, message });
  if (input.userStatus === 'CLOSED') {
    return refusal(
      403,
      FundingErrorCode.ACCOUNT_NOT_COMPLETE,
      'This account is closed, so no funding method can be added. Please contact Member Support.',
    );
  }
  const rules = additionRules(input);
  if (addition === 'wire') {
    return rules.canAddWire
      ? null
      : refusal(403, FundingErrorCode.ACCOUNT_NOT_COMPLETE, 'Wire transfers are available once your account application is complete.');
  }
  if (input.applicationStatus === null)
    return refusal(403, FundingErrorCode.ACCOUNT_NOT_COMPLETE, 'Your account status is not known yet. Please try again shortly.');
  if (!rules.canAddMethod) {
    return refusal(
      409,
      FundingErrorCode.METHOD_LIMIT_REACHED,
      'You have reached the limit of funding methods (three bank accounts and one debit card). Remove one to add another.',
    );
  }
  if (addition === 'debitCard') {
    return rules.canAddDebitCard
      ? null
      : refusal(
          409,
          FundingErrorCode.DEBIT_CARD_LIMIT_REACHED,
          'You can link one debit card. Replace or remove your card to link another.',
        );
  }
  if (!rules.canAddBank)
    return refusal(409, FundingErrorCode.BANK_LIMIT_REACHED, 'You can link up to three bank accounts. Remove one to link another.');
  if (addition === 'microDeposit' && !rules.canAddMicroDeposit) {
    return refusal(
      409,
      FundingErrorCode.MICRO_DEPOSIT_EXISTS,
      'You already have a bank account waiting for its micro-deposits. Verify or remove it before adding another this way.',
    );
  }
  return null;
}

/** A street address is on file when every field but the second line is there (section 5, "address complete"). */
export const hasAddressOnFile = (address: { address1: string | null; city: string | null; state: string | null; zipcode: string | null }) =>
  Boolean(address.address1 && address.city && address.state && address.zipcode);

/** What the debit-card rules look at about the customer (funding-methods.md 4.4, section 8), before any card. */
export interface DebitCardHolderInput {
  applicationStatus: string;
  /** null while not known yet (the app, before the card setup answers): the address rule is not judged then. */
  hasAddress: boolean | null;
  /** Address changes asked for and not yet confirmed (the server's count); null while not known yet. */
  addressChangeAttempts: number | null;
}

/** Which debit-card blocker stands in the way: each one has its own way forward on the card dialog's first screen. */
export type DebitCardBlocker = 'applicationNotComplete' | 'addressChangesUsedUp' | 'noAddressOnFile';

export interface DebitCardHolderRefusal {
  blocker: DebitCardBlocker;
  status: number;
  errorCode: string;
  message: string;
}

export const DebitCardHolderMessages = {
  noAddressOnFile: "We need your address first: it must match your card's billing address. Please add it and try again.",
  addressChangesUsedUp: `You have reached the maximum of ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} address changes. Please contact support.`,
} as const;

/**
 * The first debit-card blocker of this customer, or null when a card may be typed: an application that is not
 * complete (the error table's "trading account not active"), the address changes used up (4.4: after 10 the
 * max-attempts screen), no street address on file (the table's "missing user address"). The server refuses a
 * card link or replacement with it, and the card dialog opens on it instead of the card form.
 */
export function debitCardHolderRefusal(input: DebitCardHolderInput): DebitCardHolderRefusal | null {
  if (input.applicationStatus !== 'COMPLETE') {
    return {
      blocker: 'applicationNotComplete',
      status: 403,
      errorCode: DebitCardErrorCode.TRADING_ACCOUNT_NOT_ACTIVE,
      message: FundingMessages.debitCardAccountNotActive,
    };
  }
  // Before the address: with the changes used up, adding an address is no way forward either.
  if (input.addressChangeAttempts !== null && input.addressChangeAttempts >= DEBIT_CARD_MAX_ADDRESS_ATTEMPTS) {
    return {
      blocker: 'addressChangesUsedUp',
      status: 429,
      errorCode: FundingErrorCode.ADDRESS_ATTEMPTS_EXCEEDED,
      message: DebitCardHolderMessages.addressChangesUsedUp,
    };
  }
  if (input.hasAddress === false) {
    return {
      blocker: 'noAddressOnFile',
      status: 400,
      errorCode: DebitCardErrorCode.MISSING_USER_ADDRESS,
      message: DebitCardHolderMessages.noAddressOnFile,
    };
  }
  return null;
}
