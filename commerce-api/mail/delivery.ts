/**
 * The delivery loop of one API process: started by main.ts next to the clean-up timer, it runs every few
 * seconds and shortly after a mail was queued, one run at a time, each bounded (outbox.ts). Several
 * processes may run it on one database: each claims different rows (`for update skip locked`).
 */
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { renderDeferredMails } from './deferred'
import { DELIVERY_BATCH, deliverDueMails, onMailQueued, type MailSender } from './outbox'
import { coalescedRuns, soonAfter } from './runs'
import type { MailSettings } from './settings'

/** How soon after a queued mail the loop runs: time enough for the caller's transaction to commit. */
const AFTER_QUEUE_MS = 250

/** nodemailer's transport for SMTP_URL, sending every mail from MAIL_FROM with its HTML and text parts. */
export function smtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl)
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
  }
}

export type MailDelivery = {
  /** Asks for a run soon (coalesced with one already asked for or running). */
  kick: () => void
  /** Runs once now and waits for it (tests, shutdown). */
  runNow: () => Promise<void>
  stop: () => void
}

/** Starts delivering the outbox: over SMTP when `smtpUrl` is set, else into the local mailbox. */
export function startMailDelivery(
  db: Db,
  settings: MailSettings,
  { intervalSeconds = 15, sender }: { intervalSeconds?: number; sender?: MailSender } = {},
): MailDelivery {
  const send = sender ?? (settings.smtpUrl ? smtpSender(settings.smtpUrl, settings.from) : undefined)
  const { run: runNow } = coalescedRuns(async () => {
    // Mails whose rendering waited for their change's commit and was not done yet (a restart).
    await renderDeferredMails(db)
    const { sent, failed } = await deliverDueMails(db, send)
    // A full batch means more may be due: go on at once instead of waiting for the interval (failed
    // mails are scheduled later, so this ends).
    return sent + failed >= DELIVERY_BATCH
  }, 'commerce-api: mail delivery failed')
  const soon = soonAfter(AFTER_QUEUE_MS, () => void runNow())
  const kick = soon.call

  onMailQueued(kick)
  const interval = intervalSeconds > 0 ? setInterval(() => void runNow(), intervalSeconds * 1000) : undefined
  interval?.unref()
  void runNow()
  return {
    kick,
    runNow,
    stop: () => {
      onMailQueued(undefined)
      if (interval) clearInterval(interval)
      soon.cancel()
    },
  }
}
