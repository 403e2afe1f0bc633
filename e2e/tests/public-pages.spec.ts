import { expect, test, type Browser, type Page } from '@playwright/test';
import { createTeacher } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { logIn } from '../support/session.ts';

/** The visitor's reading pages (issue 17): about, tutorials, the legal texts, and the front page's video. */
type Lang = 'en' | 'fi';

async function visitorPage(browser: Browser, lang: Lang, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((language) => window.localStorage.setItem('language', language), lang);
  return context.newPage();
}

/** Nothing of a page that is not built: neither the placeholder nor its words, in either language. */
async function expectNoComingSoon(page: Page) {
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/coming soon|tulossa pian/i);
}

const PAGES: { path: string; heading: string }[] = [
  { path: '/about', heading: 'about.title' },
  { path: '/tutorials', heading: 'tutorials.title' },
  { path: '/tutorials/rewards', heading: 'tutorials.title' },
  { path: '/legal', heading: 'legal.documents.terms' },
  { path: '/legal/terms', heading: 'legal.documents.terms' },
  { path: '/legal/privacy', heading: 'legal.documents.privacy' },
  { path: '/legal/cookies', heading: 'legal.documents.cookies' },
];

for (const lang of ['en', 'fi'] as const) {
  test(`the reading pages render in ${lang} with their headings, and nothing is "coming soon"`, async ({ browser }) => {
    const page = await visitorPage(browser, lang);
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: text(lang, heading), exact: true })).toBeVisible();
      await expect(page).toHaveTitle(`${text(lang, heading)} · Kolikko`);
      await expectNoComingSoon(page);
    }
    // Every tutorial topic, each with its video (the recording of this language's interface, with its captions) and its steps.
    await page.goto('/tutorials');
    for (const topic of ['getting-started', 'groups', 'todolists', 'small-groups', 'rewards', 'shop', 'community', 'student']) {
      const section = page.getByTestId(`tutorial-${topic}`);
      await expect(section.getByRole('heading', { level: 2, name: text(lang, `tutorials.topics.${topic}.title`) })).toBeVisible();
      const video = section.locator('video');
      await expect(video).toHaveAttribute('preload', 'none');
      await expect(video).toHaveAttribute('poster', `/videos/${topic}.${lang}.jpg`);
      await expect(video.locator('source')).toHaveAttribute('src', `/videos/${topic}.${lang}.webm`);
      await expect(video.locator('track')).toHaveCount(1);
      await expect(video.locator(`track[srclang="${lang}"]`)).toHaveAttribute('src', `/videos/${topic}.${lang}.vtt`);
      const steps = text(lang, `tutorials.topics.${topic}.steps`).split('\n');
      await expect(section.locator('ol > li')).toHaveText(steps);
    }
    // The other public pages (the front page, the contact form, the community browser, the demo): none is "coming soon" either.
    for (const path of ['/', '/contact', '/community', '/proto']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoComingSoon(page);
    }
    await page.context().close();
  });
}

test('a tutorial topic has its own address: /tutorials/<topic>, #<topic> and the table of contents lead to it', async ({ browser }) => {
  const page = await visitorPage(browser, 'en', { width: 390, height: 844 });
  const heading = (topic: string) => page.getByTestId(`tutorial-${topic}`).getByRole('heading', { level: 2 });

  await page.goto('/tutorials/rewards');
  await expect(heading('rewards')).toBeInViewport();
  await expect(heading('rewards')).toBeFocused();
  await expect(heading('getting-started')).not.toBeInViewport();

  await page.goto('/tutorials#shop');
  await expect(heading('shop')).toBeInViewport();

  await page.getByRole('link', { name: 'Back to the contents' }).first().click();
  await expect(page).toHaveURL('/tutorials#contents');
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await expect(contents).toBeInViewport();
  await contents.getByRole('link', { name: "The student's side" }).click();
  await expect(page).toHaveURL('/tutorials/student');
  await expect(heading('student')).toBeInViewport();
  await expect(heading('student')).toBeFocused();

  // An unknown topic shows the tutorials from the top.
  await page.goto('/tutorials/nonsense');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials' })).toBeInViewport();
  await page.context().close();
});

test('the footer leads to the legal texts, contact and about, and the phone menu to the legal texts', async ({ browser }) => {
  const page = await visitorPage(browser, 'en');
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'About the service' });
  for (const [link, url, heading] of [
    ['Terms of use', '/legal/terms', 'Terms of use'],
    ['Privacy', '/legal/privacy', 'Privacy policy'],
    ['Cookies', '/legal/cookies', 'Cookies'],
    ['About', '/about', 'About Kolikko'],
  ] as const) {
    await footer.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
  await footer.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoComingSoon(page);
  // The legal texts link to each other.
  await page.goto('/legal/terms');
  await page.getByRole('navigation', { name: 'Legal texts' }).getByRole('link', { name: 'Cookies' }).click();
  await expect(page).toHaveURL('/legal/cookies');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
  await page.context().close();

  const phone = await visitorPage(browser, 'fi', { width: 390, height: 844 });
  await phone.goto('/');
  await expect(phone.getByRole('navigation', { name: 'Tietoa palvelusta' })).toBeVisible();
  await phone.getByRole('button', { name: 'Navigaatiovalikko' }).click();
  const drawer = phone.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Tietosuoja', exact: true }).click();
  await expect(phone).toHaveURL('/legal/privacy');
  await expect(phone.getByRole('heading', { level: 1, name: 'Tietosuojaseloste' })).toBeVisible();
  await phone.context().close();
});

for (const lang of ['en', 'fi'] as const) {
  test(`the privacy policy and the cookie text hold the facts of spec section 1 (${lang})`, async ({ browser }) => {
    const page = await visitorPage(browser, lang);
    await page.goto('/legal/privacy');
    const privacy = page.getByTestId('legal-privacy');
    const facts = lang === 'en' ? ['2 years after the last login', '72 hours', 'within one month', "60 days' notice", '60 days to save'] : ['2 vuoden kuluttua viimeisestä kirjautumisesta', '72 tunnin', 'kuukauden kuluessa', '60 päivää etukäteen', '60 päivää aikaa tallentaa'];
    for (const fact of facts) await expect(privacy).toContainText(fact);
    // No COMPANY_NAME on the test server: the operator is named as the controller, and the contact form given.
    await expect(privacy.getByTestId('legal-controller')).toHaveText(text(lang, 'legal.controller.unnamed'));
    await expect(privacy.getByRole('link', { name: lang === 'en' ? 'contact form' : 'yhteydenottolomakkeella' }).first()).toHaveAttribute('href', '/contact');
    // What is stored about a student, and that a student gives no personal data.
    const students = privacy.locator('section').filter({ has: page.getByRole('heading', { name: text(lang, 'legal.privacy.students.title') }) });
    const stored = text(lang, 'legal.privacy.students.body').split('\n').filter((line) => line.startsWith('- ')).map((line) => line.slice(2));
    await expect(students.getByRole('listitem')).toHaveText(stored);

    await page.goto('/legal/cookies');
    const cookies = page.getByTestId('legal-cookies');
    for (const name of ['kolikko_session', 'HttpOnly', 'SameSite=Lax', '30', 'language', 'kolikko.signedIn', 'Stripe']) await expect(cookies).toContainText(name);
    await page.context().close();
  });
}

test('the one cookie is what the cookie text says: kolikko_session, HttpOnly, SameSite=Lax, 30 days', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const page = await visitorPage(browser, 'en');
  await page.goto('/');
  // A visitor gets no cookie at all, and only the language is in local storage.
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual(['language']);
  await logIn(page, 'teacher', teacher);
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toEqual(['kolikko_session']);
  const [session] = cookies;
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  // 30 days from the login: the browser keeps the expiry in whole seconds, so allow a minute's slack either way of the clock.
  const days = ((session?.expires ?? 0) * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThan(30 + 1 / (24 * 60));
  expect((await page.evaluate(() => Object.keys(window.localStorage))).sort()).toEqual(['kolikko.signedIn', 'language']);
  await page.context().close();
});

for (const lang of ['en', 'fi'] as const) {
  test(`the signup popup shows the same texts as the legal pages (${lang})`, async ({ browser }) => {
    const page = await visitorPage(browser, lang);
    const pageText: Record<string, string> = {};
    for (const document of ['terms', 'privacy', 'cookies']) {
      await page.goto(`/legal/${document}`);
      // The privacy policy names the controller once the operator's facts are in.
      if (document === 'privacy') await expect(page.getByTestId('legal-controller')).toBeVisible();
      pageText[document] = await page.getByTestId(`legal-${document}`).innerText();
    }

    for (const path of ['/teacher/signup', '/student/signup']) {
      await page.goto(path);
      await page.getByRole('button', { name: text(lang, 'auth.signup.readTerms') }).click();
      const dialog = page.getByRole('dialog', { name: text(lang, 'terms.title') });
      for (const document of ['terms', 'privacy', 'cookies']) {
        await dialog.getByRole('tab', { name: text(lang, `terms.tabs.${document}`) }).click();
        const panel = dialog.getByTestId(`legal-${document}`);
        if (document === 'privacy') await expect(panel.getByTestId('legal-controller')).toBeVisible();
        await expect(panel).toBeVisible();
        expect(await panel.innerText()).toBe(pageText[document]);
      }
      // A link in the popup opens in a new tab: the half-filled form stays.
      await dialog.getByRole('tab', { name: text(lang, 'terms.tabs.terms') }).click();
      await expect(dialog.getByRole('link').first()).toHaveAttribute('target', '_blank');
    }

    // The login page's notice opens the same popup.
    await page.goto('/student/login');
    await page.getByRole('button', { name: lang === 'en' ? 'terms of use' : 'käyttöehdot', exact: true }).click();
    await expect(page.getByRole('dialog', { name: text(lang, 'terms.title') }).getByTestId('legal-terms')).toBeVisible();
    await page.context().close();
  });
}

test('the front page shows the intro video without downloading it, and no research link when none is configured', async ({ browser }) => {
  const page = await visitorPage(browser, 'en');
  // The poster and the captions are small; the recording itself waits for a press on play.
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.webm')) videoRequests.push(request.url());
  });
  await page.goto('/');
  const video = page.getByRole('main').locator('video');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('poster', '/videos/intro.en.jpg');
  await expect(video.locator('track')).toHaveCount(1);
  // The test server has no RESEARCH_PDF_URL_*: the link is not shown (apps/web/src/lib/public-site.test.ts covers it configured).
  await expect(page.getByRole('button', { name: 'Create your first group' }).or(page.getByRole('link', { name: 'Create your first group' }))).toBeVisible();
  await expect(page.getByTestId('research-link')).toHaveCount(0);
  await expectNoComingSoon(page);
  expect(videoRequests).toEqual([]);
  await page.context().close();
});
