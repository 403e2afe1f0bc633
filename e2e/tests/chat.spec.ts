import { expect, test } from '@playwright/test';
import { createClassroom } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

test('chat: Enter sends on a computer; on a phone, whose keyboard has no Shift+Enter, Enter starts a new line and the button sends', async ({ browser, request }) => {
  const { teacher, kid } = await createClassroom(request);

  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/groups');
  await t.getByRole('button', { name: `Chat with ${kid.username}` }).click();
  const teacherBox = t.getByRole('textbox', { name: 'Message' });
  await expect(t.getByText('Enter sends, Shift+Enter starts a new line.')).toBeVisible();
  await teacherBox.fill('First line');
  await teacherBox.press('Shift+Enter');
  await teacherBox.pressSequentially('second line');
  await teacherBox.press('Enter');
  await expect(t.getByTestId('chat-message').getByText(/First line\s*second line/)).toBeVisible();
  await expect(teacherBox).toHaveValue('');

  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid, phone);
  await s.getByRole('button', { name: /^Chat/ }).first().click();
  await s.getByRole('tab', { name: 'Teacher' }).click();
  await expect(s.getByTestId('chat-message').getByText(/First line\s*second line/)).toBeVisible();
  const studentBox = s.getByRole('textbox', { name: 'Message' });
  await expect(s.getByText('Enter sends, Shift+Enter starts a new line.')).toHaveCount(0);
  await studentBox.fill('Thanks');
  await studentBox.press('Enter');
  await studentBox.pressSequentially('see you tomorrow');
  await expect(studentBox).toHaveValue('Thanks\nsee you tomorrow');
  await s.getByRole('button', { name: 'Send' }).tap();
  await expect(studentBox).toHaveValue('');
  await expect(t.getByTestId('chat-message').getByText(/Thanks\s*see you tomorrow/)).toBeVisible();

  await teacherContext.close();
  await studentContext.close();
});
