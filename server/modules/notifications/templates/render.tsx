import { renderToStaticMarkup } from 'react-dom/server';
import type { EmailContent } from './content.ts';
import { EmailLayout } from './layout.tsx';

// renderToStaticMarkup, synchronously: React Email's own render() is asynchronous and pretty-prints, and the
// message is rendered inside the transaction that queues it, where neither is wanted.

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export function renderEmail(content: EmailContent, origin: string): RenderedEmail {
  return {
    subject: content.subject,
    html: DOCTYPE + renderToStaticMarkup(<EmailLayout content={content} origin={origin} />),
    text: renderText(content, origin),
  };
}

/** The plain-text part: the same content, one block per paragraph, each link spelled out. */
export function renderText(content: EmailContent, origin: string): string {
  const blocks: string[] = [content.heading, content.greeting, ...content.paragraphs];
  if (content.facts.length) blocks.push(content.facts.map((f) => `${f.label}: ${f.value}`).join('\n'));
  if (content.action) blocks.push(`${content.action.label}: ${content.action.href}`);
  if (content.secondary) blocks.push(`${content.secondary.text} ${content.secondary.link.label}: ${content.secondary.link.href}`);
  blocks.push(
    `This is a service message about your order at Kasrat. It carries no offers, so it is sent whatever your newsletter choice. Questions? Help centre: ${origin}/help-center`,
  );
  blocks.push('Team Kasrat');
  return `${blocks.join('\n\n')}\n`;
}
