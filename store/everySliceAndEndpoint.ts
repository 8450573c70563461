// Every API slice's endpoints and every lazily injected slice, loaded at once. Importing this module registers
// them all, so a reducer can apply a recorded action of any flow (RTK Query's reducer needs an endpoint's
// definition to apply its actions, and combineSlices drops the state of a slice it does not know yet). Used by
// the support replay and, in development with the Redux DevTools extension, by the app's store before the
// extension can import a session (store/store.ts). Never part of the first bundle of a production build.
import '../api/accountsApi';
import '../api/addressApi';
import '../api/authApi';
import '../api/bankLinkApi';
import '../api/clockApi';
import '../api/baseApi';
import '../api/configApi';
import '../api/cryptoApi';
import '../api/debitCardApi';
import '../api/depositsApi';
import '../api/documentsApi';
import '../api/highYieldApi';
import '../api/liveEventsApi';
import '../api/notificationsApi';
import '../api/notificationsPageApi';
import '../api/onboardingApi';
import '../api/paymentMethodChangesApi';
import '../api/paymentMethodsApi';
import '../api/portfolioApi';
import '../api/profileApi';
import '../api/servicesApi';
import '../api/treasuryApi';
import '../api/verificationApi';
import '../api/withdrawalsApi';
import '../features/acats/acatTransfersSlice';
import '../features/bankLink/bankLinkSlice';
import '../features/crypto/cryptoTransferSlice';
import '../features/debitCard/debitCardSlice';
import '../features/deposits/depositDraftSlice';
import '../features/fundingMethods/fundingModalSlice';
import '../features/fundingMethods/manageFundingMethodsSlice';
import '../features/fundingMethods/microDepositLinkSlice';
import '../features/fundingMethods/microDepositVerifySlice';
import '../features/fundingMethods/nicknameSlice';
import '../features/fundingMethods/statementUploadSlice';
import '../features/liveEvents/liveEventsSlice';
import '../features/onboarding/setupInvestingSlice';
import '../features/recurringDeposits/recurringDepositsSlice';
import '../features/transfers/history/historySlice';
import '../features/transfers/internalTransferSlice';
import '../features/withdrawals/withdrawalSlice';
