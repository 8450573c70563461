import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, ClockIcon } from '../../../ui';

/** A result's icon and title above its message and buttons. */
export function ResultPanel({ tone, title, children }: { tone: 'success' | 'error' | 'pending'; title: string; children: ReactNode }) {
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'pending' ? ClockIcon : AlertIcon;
  return (
    <div className="ff-deposit__result">
      <span className={`ff-deposit__result-icon ff-deposit__result-icon--${tone}`}>
        <Icon size={28} />
      </span>
      <h2 className="ff-withdrawal__result-title">{title}</h2>
      {children}
    </div>
  );
}
