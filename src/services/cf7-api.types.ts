// The shapes of Contact Form 7's REST answers (includes/rest-api.php), as the server returns them.

/** One field the server refused: `into` and `idref` locate it, `error_id` names its message. */
export interface InvalidField {
  field: string;
  message: string;
  idref: string | null;
  error_id: string;
}

/** Quiz refill: the question and the hash of its accepted answers. */
export type QuizRefill = [question: string, answerHash: string];

export interface RefillResponse {
  /** Captcha field name → URL of a new image (its file name ends with the challenge id). */
  captcha?: Record<string, string>;
  quiz?: Record<string, QuizRefill>;
}

export interface FeedbackResponse extends RefillResponse {
  contact_form_id: number;
  /** mail_sent, mail_failed, validation_failed, acceptance_missing, spam, aborted, payment_required, or a plugin's own. */
  status: string;
  message: string;
  invalid_fields: InvalidField[];
  posted_data_hash?: string;
  into?: string;
  [key: string]: unknown;
}
