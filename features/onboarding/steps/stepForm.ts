import type { FormikProps } from 'formik';

/** What every step form of the application takes. */
export interface StepFormProps<T> {
  initial?: T;
  onNext: (values: T) => void;
  onBack: () => void;
  /** Label of the primary button ("Next", or "Review" on the last step). */
  nextLabel: string;
}

/** A touched field's message. */
export const errorOf = <V>(form: FormikProps<V>, name: keyof V & string) =>
  form.touched[name] ? (form.errors[name] as string | undefined) : undefined;
