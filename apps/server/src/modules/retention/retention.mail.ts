import { escapeHtml } from '../../platform/html.ts';
import type { Mail } from '../../platform/mail.ts';

// In English, Finnish and Swedish together, as the other mails (the teacher's language is not stored).

const pad = (n: number) => String(n).padStart(2, '0');

/** The warning a teacher gets 30 days before its inactive account is deleted. */
export function inactivityWarningMail(to: string, username: string, deleteOn: Date, loginUrl: string): Mail {
  const en = `${deleteOn.getUTCDate()} ${deleteOn.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${deleteOn.getUTCFullYear()}`;
  const fi = `${deleteOn.getUTCDate()}.${deleteOn.getUTCMonth() + 1}.${deleteOn.getUTCFullYear()}`;
  // Finland-Swedish writes the date as Finnish does: den 5.3.2026.
  const sv = fi;
  const iso = `${deleteOn.getUTCFullYear()}-${pad(deleteOn.getUTCMonth() + 1)}-${pad(deleteOn.getUTCDate())}`;
  const paragraphs = [
    `Hello ${username}, you have not logged in to Kolikko for almost two years. Your account will be deleted on ${en} (${iso}), with your groups, their students, your lists, rewards, pictures and chat messages.`,
    'To keep your account, log in before then: a login is enough. To save a copy of your data, log in and download it from your profile (“Your data”). If you do not need the account any more, you need not do anything.',
    `Hei ${username}, et ole kirjautunut Kolikkoon lähes kahteen vuoteen. Tilisi poistetaan ${fi} ja sen mukana ryhmäsi ja niiden oppilaat, listasi, palkintosi, kuvasi ja keskusteluviestisi.`,
    'Jos haluat säilyttää tilisi, kirjaudu sisään ennen sitä: kirjautuminen riittää. Jos haluat tallentaa kopion tiedoistasi, kirjaudu sisään ja lataa ne profiilistasi (”Omat tietosi”). Jos et enää tarvitse tiliä, sinun ei tarvitse tehdä mitään.',
    `Hej ${username}, du har inte loggat in på Kolikko på nästan två år. Ditt konto tas bort den ${sv} och med det dina grupper och deras elever, dina listor, belöningar, bilder och chattmeddelanden.`,
    'Om du vill behålla ditt konto ska du logga in före det: det räcker med en inloggning. Om du vill spara en kopia av dina data loggar du in och laddar ner dem i din profil (”Dina data”). Om du inte längre behöver kontot behöver du inte göra något.',
  ];
  const text = [...paragraphs, '', loginUrl].join('\n');
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a></p>`;
  return { to, subject: 'Kolikko: your account will be deleted / tilisi poistetaan / ditt konto tas bort', text, html };
}
