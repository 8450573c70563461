import { useState } from 'react';
import type { Institution } from '../../../api/contract';
import { BankMark } from '../bankMarks';

/** The bank's logo when it has one that loads; otherwise our own mark (its initials). */
export function InstitutionLogo({ institution }: { institution: Institution }) {
  const [failed, setFailed] = useState(false);
  if (institution.logo && !failed) {
    return <img className="ff-bank-link__logo" src={institution.logo} alt="" width={36} height={36} onError={() => setFailed(true)} />;
  }
  return <BankMark institution={institution} />;
}
