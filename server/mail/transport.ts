import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config';
import type { OutboxRow } from './outbox';

/**
 * Where a message goes once the sender has claimed it: an SMTP server (SMTP_URL), or, outside
 * production without SMTP_URL, an `.eml` file under DATA_DIR/mail with its links in the log, so a
 * newcomer can click them. `send` resolves once the message was accepted (the SMTP server's 250, or
 * the file renamed into place) and rejects otherwise.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  send(message: OutboxRow): Promise<void>;
  close(): void;
}

/**
 * Bounds on one SMTP conversation, so a stuck server fails an attempt rather than holding it: the
 * sender's claim on a message (sender.ts, `claimMs`) is longer than these together, which keeps two
 * senders from sending one message (docs/mail.md).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000, dnsTimeout: 15_000 };

/** The transport for `config`, or undefined when mail is off (production without SMTP_URL). */
export function createMailTransport(
  config: MailConfig,
  opts: { dataDir: string; log?: (line: string) => void },
): MailTransport | undefined {
  if (config.mode === 'smtp') return smtpTransport(config.smtpUrl!, config.from);
  if (config.mode === 'files') return fileTransport(path.join(opts.dataDir, 'mail'), config.from, opts.log ?? (() => {}));
  return undefined;
}

/** What nodemailer is given for a row: a Message-ID of the row's id, so a duplicate is recognisable. */
function envelopeOf(message: OutboxRow, from: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return {
    from,
    to: message.to_name ? { name: message.to_name, address: message.to_address } : message.to_address,
    subject: message.subject,
    text: message.text ?? '',
    html: message.html ?? undefined,
    messageId: `<${message.id}@${domain}>`,
    date: new Date(message.created_at),
    // Automatic messages: no vacation auto-replies (RFC 3834).
    headers: {
      'Auto-Submitted': 'auto-generated',
      // One-click unsubscribe (RFC 8058): the mail client POSTs `List-Unsubscribe=One-Click` to the https link.
      ...(message.list_unsubscribe ? { 'List-Unsubscribe': message.list_unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    },
  };
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(envelopeOf(message, from));
    },
    close: () => transporter.close(),
  };
}

function fileTransport(dir: string, from: string, log: (line: string) => void): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(message) {
      const info = await transporter.sendMail(envelopeOf(message, from));
      await mkdir(dir, { recursive: true });
      const name = `${message.created_at.replace(/[:.]/g, '-')}-${message.kind}-${message.id}.eml`;
      const file = path.join(dir, name);
      // Written whole, then renamed: a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      const links = [...new Set((message.text ?? '').match(/https?:\/\/[^\s<>"]+/g) ?? [])];
      log(`Mail to ${message.to_address}: "${message.subject}" written to ${file}${links.map((l) => `\n  ${l}`).join('')}`);
    },
    close: () => transporter.close(),
  };
}
