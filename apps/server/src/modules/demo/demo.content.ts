/**
 * What a demo classroom is seeded with, in the visitor's language (issue 19): one group of five
 * sample students in the two small groups, a todo list with a task of each answer type (one links
 * to the product's own video, served from our origin, so nothing needs the internet), a published
 * reward list, a little history and chat. Texts are written out here, not in the web's locale
 * files: the server writes them into rows once, and the rows are what the visitor then edits.
 */
import { escapeHtml } from '../../platform/html.ts';

export const DEMO_LANGUAGES = ['en', 'fi', 'sv'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

/** A Quill delta (the editor's content_delta): text runs, each paragraph ended by a newline. */
export interface DemoDelta {
  ops: { insert: string; attributes?: { bold?: true; link?: string } }[];
}

export interface DemoTodo {
  html: string;
  delta: DemoDelta;
  reward: number;
  answertype: 'none' | 'free' | 'strict';
  answer: string;
}

export interface DemoStudent {
  name: string;
  smallGroup: 'blue' | 'orange';
}

export interface DemoContent {
  /** The group's name before its unique suffix. */
  groupName: string;
  students: DemoStudent[];
  listName: string;
  todos: DemoTodo[];
  rewardListName: string;
  rewards: { name: string; description: string; price: number }[];
  /** The free answer the first student gave (awaiting the teacher's approval). */
  freeAnswer: string;
  /** The group chat: [who, text]; who is 'teacher' or a student's index. */
  groupChat: [who: 'teacher' | number, text: string][];
  /** A private chat with the second student. */
  privateChat: [who: 'teacher' | 'member', text: string][];
}

/** A run of a todo's text: plain, bold, or a link (to a page of our own origin). */
type Run = string | { text: string; bold?: true; link?: string };

function runHtml(run: Run): string {
  if (typeof run === 'string') return escapeHtml(run);
  const text = run.bold ? `<strong>${escapeHtml(run.text)}</strong>` : escapeHtml(run.text);
  // As Quill writes a link, so the editor's HTML and this one are the same.
  return run.link ? `<a href="${escapeHtml(run.link)}" rel="noopener noreferrer" target="_blank">${text}</a>` : text;
}

function runOp(run: Run): DemoDelta['ops'][number] {
  if (typeof run === 'string') return { insert: run };
  return { insert: run.text, attributes: { ...(run.bold ? { bold: true as const } : {}), ...(run.link ? { link: run.link } : {}) } };
}

/**
 * A todo whose HTML (what students see) and delta (what the teacher's editor opens) say the
 * same: paragraphs of runs.
 */
function todo(paragraphs: Run[][], rest: Omit<DemoTodo, 'html' | 'delta'>): DemoTodo {
  return {
    html: paragraphs.map((runs) => `<p>${runs.map(runHtml).join('')}</p>`).join(''),
    delta: { ops: paragraphs.flatMap((runs) => [...runs.map(runOp), { insert: '\n' }]) },
    ...rest,
  };
}

const VIDEO_PAGE = '/tutorials/student';

export const DEMO_CONTENT: Record<DemoLanguage, DemoContent> = {
  en: {
    groupName: 'Class 4B',
    students: [
      { name: 'Emma', smallGroup: 'blue' },
      { name: 'Leo', smallGroup: 'blue' },
      { name: 'Mia', smallGroup: 'blue' },
      { name: 'Noah', smallGroup: 'orange' },
      { name: 'Ella', smallGroup: 'orange' },
    ],
    listName: 'This week',
    todos: [
      todo([[{ text: 'Read', bold: true }, ' pages 12–15 of your reading book.']], { reward: 5, answertype: 'none', answer: '' }),
      todo([['Watch the short video and write one thing you learned.'], [{ text: 'Watch the video', link: VIDEO_PAGE }]], {
        reward: 10,
        answertype: 'free',
        answer: '',
      }),
      todo([['How much is 7 × 8? Write the number.']], { reward: 8, answertype: 'strict', answer: '56' }),
      todo([['Tidy your desk before the break.']], { reward: 3, answertype: 'none', answer: '' }),
    ],
    rewardListName: 'Class rewards',
    rewards: [
      { name: 'Choose the game in PE', description: 'You pick the game for the next PE lesson.', price: 30 },
      { name: 'Extra computer time', description: 'Ten extra minutes on the computer.', price: 20 },
      { name: 'Sit where you like', description: 'Choose your seat for one day.', price: 15 },
    ],
    freeAnswer: 'Coins are earned by finishing tasks.',
    groupChat: [
      ['teacher', 'Good morning, 4B! New tasks are up for this week.'],
      [1, 'Can we also get the computer time reward?'],
      ['teacher', 'Yes, it is in the rewards now.'],
    ],
    privateChat: [
      ['member', 'I finished the reading task!'],
      ['teacher', 'Well done, Leo!'],
    ],
  },
  fi: {
    groupName: 'Luokka 4B',
    students: [
      { name: 'Aino', smallGroup: 'blue' },
      { name: 'Eetu', smallGroup: 'blue' },
      { name: 'Helmi', smallGroup: 'blue' },
      { name: 'Onni', smallGroup: 'orange' },
      { name: 'Venla', smallGroup: 'orange' },
    ],
    listName: 'Tämä viikko',
    todos: [
      todo([[{ text: 'Lue', bold: true }, ' lukukirjasta sivut 12–15.']], { reward: 5, answertype: 'none', answer: '' }),
      todo([['Katso lyhyt video ja kirjoita yksi asia, jonka opit.'], [{ text: 'Katso video', link: VIDEO_PAGE }]], {
        reward: 10,
        answertype: 'free',
        answer: '',
      }),
      todo([['Paljonko on 7 × 8? Kirjoita luku.']], { reward: 8, answertype: 'strict', answer: '56' }),
      todo([['Siivoa pulpettisi ennen välituntia.']], { reward: 3, answertype: 'none', answer: '' }),
    ],
    rewardListName: 'Luokan palkinnot',
    rewards: [
      { name: 'Valitse liikuntatunnin peli', description: 'Saat valita seuraavan liikuntatunnin pelin.', price: 30 },
      { name: 'Lisää tietokoneaikaa', description: 'Kymmenen minuuttia lisää tietokoneella.', price: 20 },
      { name: 'Istu missä haluat', description: 'Valitse paikkasi yhdeksi päiväksi.', price: 15 },
    ],
    freeAnswer: 'Kolikoita saa tekemällä tehtäviä.',
    groupChat: [
      ['teacher', 'Huomenta, 4B! Tämän viikon tehtävät ovat nyt näkyvissä.'],
      [1, 'Saadaanko myös tietokoneaika palkinnoksi?'],
      ['teacher', 'Kyllä, se on nyt palkinnoissa.'],
    ],
    privateChat: [
      ['member', 'Tein lukutehtävän!'],
      ['teacher', 'Hienoa, Eetu!'],
    ],
  },
  sv: {
    groupName: 'Klass 4B',
    students: [
      { name: 'Elsa', smallGroup: 'blue' },
      { name: 'Noah', smallGroup: 'blue' },
      { name: 'Alma', smallGroup: 'blue' },
      { name: 'Oliver', smallGroup: 'orange' },
      { name: 'Ella', smallGroup: 'orange' },
    ],
    listName: 'Den här veckan',
    todos: [
      todo([[{ text: 'Läs', bold: true }, ' sidorna 12–15 i läseboken.']], { reward: 5, answertype: 'none', answer: '' }),
      todo([['Titta på den korta videon och skriv en sak som du lärde dig.'], [{ text: 'Titta på videon', link: VIDEO_PAGE }]], {
        reward: 10,
        answertype: 'free',
        answer: '',
      }),
      todo([['Hur mycket är 7 × 8? Skriv talet.']], { reward: 8, answertype: 'strict', answer: '56' }),
      todo([['Städa din pulpet före rasten.']], { reward: 3, answertype: 'none', answer: '' }),
    ],
    rewardListName: 'Klassens belöningar',
    rewards: [
      { name: 'Välj lek på gymnastiken', description: 'Du får välja leken på nästa gymnastiklektion.', price: 30 },
      { name: 'Extra datortid', description: 'Tio minuter extra vid datorn.', price: 20 },
      { name: 'Sitt var du vill', description: 'Välj din plats för en dag.', price: 15 },
    ],
    freeAnswer: 'Man får mynt när man gör uppgifter.',
    groupChat: [
      ['teacher', 'God morgon, 4B! Nu kan ni se veckans uppgifter.'],
      [1, 'Kan vi få datortiden som belöning också?'],
      ['teacher', 'Ja, nu finns den bland belöningarna.'],
    ],
    privateChat: [
      ['member', 'Jag har gjort läsuppgiften!'],
      ['teacher', 'Bra jobbat, Noah!'],
    ],
  },
};
