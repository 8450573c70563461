// Types of the account-transfers feature, imported as types only (the contract's schemas stay on the server).
export type { AcatAccountType, AcatDraft, AcatFragment, AcatTransferType } from '../../api/contract';
export type { BadgeTone as BadgeToneLike } from '../../ui';
