/** The disclosures step's questions and the agreement, as the customer reads them. */
export const DisclosureQuestions = {
  brokerDealer: 'I, or someone in my household, work for a broker-dealer, an exchange or FINRA.',
  publiclyTraded: 'I am a director, officer or 10% shareholder of a publicly traded company.',
  politicallyExposed: 'I am a senior political figure, or a family member or close associate of one.',
  agreement: 'I have read and agree to the Fundflow Customer Agreement, the account disclosures and e-delivery of documents.',
} as const;
