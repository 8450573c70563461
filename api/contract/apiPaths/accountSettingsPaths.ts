// Part of the API path table (../apiPathTable.ts): address capture, the profile pages, onboarding, crypto and documents.
// Address capture (funding-methods.md 2.11, 4.8, 7.6): our server calls the places and verification services.
export const addressAutocomplete = '/api/address/autocomplete';
export const addressPlace = '/api/address/places/:placeId';
export const addressVerify = '/api/address/verify';
/** The customer's own address on file (GET, PUT): the profile address page. */
export const profileAddress = '/api/address';
// Onboarding (/setup-investing) and crypto transfers in (/settings/crypto-transfer); our paths, the spec shows neither.
export const onboardingApplication = '/api/onboarding/application';
export const onboardingApplicationSubmit = '/api/onboarding/application/submit';
export const cryptoDepositOptions = '/api/crypto/deposit-options';
export const cryptoDepositAddress = '/api/crypto/deposit-address';
export const cryptoTransfers = '/api/crypto/transfers';
// Profile settings (our paths: the spec names the pages only)
export const profileInvestingProfile = '/api/profile/investing-profile';
export const profileTrustedContact = '/api/profile/trusted-contact';
export const profileBeneficiaries = '/api/profile/beneficiaries';
export const profileAccountBeneficiaries = '/api/profile/beneficiaries/:accountUuid';
export const profileAccountInfo = '/api/profile/account-info';
export const profileMembership = '/api/profile/membership';
// Account documents (our paths; the spec names the pages only). The download answers application/pdf.
export const documents = '/api/documents';
export const documentDownload = '/api/documents/:documentId/download';
