import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties } from 'react';
import type { EmailContent } from './content.ts';

// The one layout of every transactional email (docs/decisions/022-transactional-messages.md). React Email's
// components give the table markup and inline styles mail clients need; the colours are the storefront's
// (src/ui/theme/theme.css.ts), chosen there for AA contrast on white. Each component is its own package: the
// all-in-one @react-email/components also loads Tailwind, Markdown and Prism, seconds of server start-up.

const BRAND = '#0b6e4f';
const TEXT = '#1c2421';
const MUTED = '#4b5b55';
const BORDER = '#d4ddd9';
const PAGE = '#f6f8f7';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif';

const s = {
  body: { backgroundColor: PAGE, fontFamily: FONT, color: TEXT, margin: 0, padding: '24px 8px' },
  container: { backgroundColor: '#ffffff', border: `1px solid ${BORDER}`, borderRadius: '10px', maxWidth: '560px', padding: '0' },
  header: { backgroundColor: BRAND, borderRadius: '10px 10px 0 0', padding: '16px 24px' },
  brand: { color: '#ffffff', fontSize: '20px', fontWeight: 700, letterSpacing: '0.08em', margin: 0 },
  main: { padding: '8px 24px 24px' },
  heading: { fontSize: '22px', lineHeight: '30px', fontWeight: 700, margin: '16px 0 8px' },
  text: { fontSize: '15px', lineHeight: '24px', margin: '8px 0' },
  facts: { border: `1px solid ${BORDER}`, borderRadius: '8px', padding: '8px 16px', margin: '16px 0' },
  factLabel: { color: MUTED, fontSize: '13px', lineHeight: '18px', margin: '8px 0 0' },
  factValue: { fontSize: '15px', lineHeight: '22px', fontWeight: 600, margin: '0 0 8px' },
  button: {
    backgroundColor: BRAND,
    borderRadius: '8px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: BRAND, textDecoration: 'underline' },
  footer: { color: MUTED, fontSize: '12px', lineHeight: '18px', margin: '4px 0' },
} satisfies Record<string, CSSProperties>;

export function EmailLayout({ content, origin }: { content: EmailContent; origin: string }) {
  return (
    <Html lang="en">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.header}>
            <Text style={s.brand}>KASRAT</Text>
          </Section>
          <Section style={s.main}>
            <Text style={s.heading}>{content.heading}</Text>
            <Text style={s.text}>{content.greeting}</Text>
            {content.paragraphs.map((p) => (
              <Text key={p} style={s.text}>
                {p}
              </Text>
            ))}
            {content.facts.length ? (
              <Section style={s.facts}>
                {content.facts.map((f) => (
                  <div key={f.label}>
                    <Text style={s.factLabel}>{f.label}</Text>
                    <Text style={s.factValue}>{f.value}</Text>
                  </div>
                ))}
              </Section>
            ) : null}
            {content.action ? (
              <Section style={{ margin: '20px 0 8px' }}>
                <Button href={content.action.href} style={s.button}>
                  {content.action.label}
                </Button>
              </Section>
            ) : null}
            {content.secondary ? (
              <Text style={s.text}>
                {content.secondary.text}{' '}
                <Link href={content.secondary.link.href} style={s.link}>
                  {content.secondary.link.label}
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
        <Section style={{ maxWidth: '560px', margin: '12px auto 0', padding: '0 24px' }}>
          <Hr style={{ borderColor: BORDER, margin: '0 0 8px' }} />
          <Text style={s.footer}>
            This is a service message about your order at Kasrat. It carries no offers, so it is sent whatever your newsletter choice.
            Questions?{' '}
            <Link href={`${origin}/help-center`} style={s.link}>
              Help centre
            </Link>
          </Text>
          <Text style={s.footer}>Kasrat · Authentic sports nutrition · India</Text>
        </Section>
      </Body>
    </Html>
  );
}
