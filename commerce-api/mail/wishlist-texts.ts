/**
 * The texts of the mail that shares a wishlist (issue 33) in the shop's five languages, beside the common
 * texts of texts.ts. Placeholders in braces are filled by `fill`.
 */
import type { Locale } from '../domain/channel'

export type WishlistShareTexts = {
  subject: string
  intro: string
  /** Heads the sender's own words, when they wrote any. */
  message: string
  button: string
  ignore: string
}

export const WISHLIST_SHARE_TEXTS: Record<Locale, WishlistShareTexts> = {
  en_US: {
    subject: '{sender} shares the wishlist "{title}" with you',
    intro:
      '{sender} ({email}) shares the wishlist "{title}" from the Ironbridge Supply online shop with you.',
    message: 'Their message:',
    button: 'View the wishlist',
    ignore:
      'You can view the list without an account. If you do not know the sender, you can ignore this e-mail.',
  },
  de_DE: {
    subject: '{sender} teilt die Wunschliste „{title}“ mit Ihnen',
    intro:
      '{sender} ({email}) teilt die Wunschliste „{title}“ aus dem Online-Shop von Ironbridge Supply mit Ihnen.',
    message: 'Die Nachricht dazu:',
    button: 'Wunschliste ansehen',
    ignore:
      'Sie können die Liste ohne Konto ansehen. Falls Sie den Absender nicht kennen, können Sie diese E-Mail ignorieren.',
  },
  fr_FR: {
    subject: '{sender} partage la liste d’envies « {title} » avec vous',
    intro:
      '{sender} ({email}) partage avec vous la liste d’envies « {title} » de la boutique en ligne Ironbridge Supply.',
    message: 'Son message :',
    button: 'Voir la liste d’envies',
    ignore:
      'Vous pouvez consulter la liste sans compte. Si vous ne connaissez pas l’expéditeur, vous pouvez ignorer cet e-mail.',
  },
  pl_PL: {
    subject: '{sender} udostępnia Ci listę życzeń „{title}”',
    intro:
      '{sender} ({email}) udostępnia Ci listę życzeń „{title}” ze sklepu internetowego Ironbridge Supply.',
    message: 'Wiadomość nadawcy:',
    button: 'Zobacz listę życzeń',
    ignore: 'Listę można obejrzeć bez konta. Jeśli nie znasz nadawcy, możesz zignorować tę wiadomość.',
  },
  ro_RO: {
    subject: '{sender} vă trimite lista de dorințe „{title}”',
    intro: '{sender} ({email}) vă trimite lista de dorințe „{title}” din magazinul online Ironbridge Supply.',
    message: 'Mesajul expeditorului:',
    button: 'Vedeți lista de dorințe',
    ignore: 'Puteți vedea lista fără cont. Dacă nu cunoașteți expeditorul, puteți ignora acest e-mail.',
  },
}
