import { escapeHtml } from '../../platform/html.ts';
import type { Mail } from '../../platform/mail.ts';

// E-mails go out in English, Finnish and Swedish together: the teacher's language is not known yet.

function mail(to: string, subject: string, paragraphs: string[], link: string): Mail {
  const text = [...paragraphs, '', link].join('\n');
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, username: string, link: string): Mail {
  return mail(
    to,
    'Kolikko: confirm your e-mail / vahvista sähköpostiosoitteesi / bekräfta din e-postadress',
    [
      `Hello ${username}, open the link below to confirm your e-mail address and start using Kolikko.`,
      `Hei ${username}, vahvista sähköpostiosoitteesi avaamalla alla oleva linkki.`,
      `Hej ${username}, öppna länken nedan för att bekräfta din e-postadress och börja använda Kolikko.`,
      'If you did not sign up, ignore this message. / Jos et rekisteröitynyt, voit ohittaa tämän viestin. / Om du inte har skapat ett konto kan du bortse från det här meddelandet.',
    ],
    link,
  );
}

export function passwordResetMail(to: string, username: string, link: string): Mail {
  return mail(
    to,
    'Kolikko: reset your password / vaihda salasanasi / byt ditt lösenord',
    [
      `Hello ${username}, open the link below within an hour to choose a new password.`,
      `Hei ${username}, avaa alla oleva linkki tunnin sisällä ja valitse uusi salasana.`,
      `Hej ${username}, öppna länken nedan inom en timme och välj ett nytt lösenord.`,
      'If you did not ask for this, ignore this message. / Jos et pyytänyt tätä, voit ohittaa tämän viestin. / Om du inte har bett om det här kan du bortse från meddelandet.',
    ],
    link,
  );
}
