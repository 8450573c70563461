import { CheckCircleIcon, ClockIcon } from '../../../ui';
import { eventWhen } from './historyRules';

export interface TimelineEvent {
  completed: boolean;
  date: string | null;
  description?: string | null;
}

/** One step of a deposit's, transfer's or withdrawal's progress: done or not yet, when, and what the server said. */
export function TimelineStep({ event, words }: { event: TimelineEvent; words: string }) {
  return (
    <li className={event.completed ? 'history-timeline__step history-timeline__step--done' : 'history-timeline__step'}>
      <span className="history-timeline__icon" aria-hidden="true">
        {event.completed ? <CheckCircleIcon size={18} /> : <ClockIcon size={18} />}
      </span>
      <span className="history-timeline__text">
        <span className="history-timeline__label">
          <span className="ff-visually-hidden">{event.completed ? 'Done: ' : 'Not yet: '}</span>
          {words}
        </span>
        <span className="history-timeline__when">
          {event.date ? <time dateTime={event.date}>{eventWhen(event)}</time> : eventWhen(event)}
        </span>
        {event.description && event.description !== words ? (
          <span className="history-timeline__description">{event.description}</span>
        ) : null}
      </span>
    </li>
  );
}
