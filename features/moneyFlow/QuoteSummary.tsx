import type { DepositQuote } from '../../api/contract';
import { quoteWords } from './quoteWords';
import './quoteSummary.css';

/**
 * The intent's quote in plain words on a review (the deposit flow's and the IRA deposit's): when the money can be
 * invested, when it settles, until when it can be canceled, and what is left of the limit after it.
 */
export function QuoteSummary({ quote }: { quote: DepositQuote }) {
  const words = quoteWords(quote);
  return (
    <ul className="ff-deposit__quote" aria-label="What this deposit does">
      <li>{words.availability}</li>
      <li>{words.settlement}</li>
      <li>{words.cancel}</li>
      <li>{words.limitAfter}</li>
    </ul>
  );
}
