// What one transactional email says, as data: the HTML layout (layout.tsx) and the plain-text part (text.ts) are
// both rendered from it, so the two parts of a message cannot say different things.

export interface EmailFact {
  label: string;
  value: string;
}

export interface EmailLink {
  label: string;
  href: string;
}

export interface EmailContent {
  subject: string;
  /** The line a mail client shows beside the subject. */
  preview: string;
  heading: string;
  /** "Hi Asha," (the customer's first name), or "Hello," without one. */
  greeting: string;
  paragraphs: string[];
  facts: EmailFact[];
  /** The one button of the message (pay again, track, see the order). */
  action?: EmailLink;
  /** A second, quieter invitation below the button (the review invitation after delivery). */
  secondary?: { text: string; link: EmailLink };
}

/** The site's origin, for absolute links (an email is read outside the site). */
export interface LinkBase {
  origin: string;
}
