import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { isBackgroundCall, SIGNED_IN } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const OLD = 'ពាក្យសម្ងាត់ចាស់';
const NEW = 'ពាក្យសម្ងាត់ថ្មី';
const CONFIRM = 'បញ្ជាក់ពាក្យសម្ងាត់ថ្មី';

async function fill(user: UserEvent, old: string, next: string, confirm: string) {
  const oldField = await screen.findByLabelText(OLD);
  if (old) await user.type(oldField, old);
  if (next) await user.type(screen.getByLabelText(NEW), next);
  if (confirm) await user.type(screen.getByLabelText(CONFIRM), confirm);
  await user.click(screen.getByRole('button', { name: 'រក្សាទុកពាក្យសម្ងាត់ថ្មី' }));
}

const description = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('change password (seed §2, §3)', () => {
  it('has an eye toggle on each field, named for its field in Khmer, that shows and hides it (issue 26, item 12)', async () => {
    mockFetch({ 'GET /api/user': SIGNED_IN });
    const { user } = renderApp('/user/password');
    const field = await screen.findByLabelText(OLD);
    expect(field.getAttribute('type')).toBe('password');
    const show = screen.getByRole('button', { name: `បង្ហាញ${OLD}` });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await user.click(show);
    expect(field.getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: `លាក់${OLD}` });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    await user.click(hide);
    expect(field.getAttribute('type')).toBe('password');
    // One toggle per field, each with its own name.
    expect(screen.getByRole('button', { name: `បង្ហាញ${NEW}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `បង្ហាញ${CONFIRM}` })).toBeTruthy();
    expect(screen.getByLabelText(NEW).getAttribute('type')).toBe('password');
    // The toggle's name is its text, not a label: finding a field by its label finds the field alone.
    expect(screen.getAllByLabelText(OLD, { exact: false })).toEqual([field]);
  });

  it('checks the fields in Khmer before calling the server', async () => {
    const { routesCalled } = mockFetch({ 'GET /api/user': SIGNED_IN });
    const { user } = renderApp('/user/password');
    await fill(user, '', 'short', 'other');
    expect(description(OLD)).toBe('សូមវាយពាក្យសម្ងាត់ចាស់របស់អ្នក');
    expect(description(NEW)).toBe('ពាក្យសម្ងាត់ថ្មីត្រូវមាន 8 ដល់ 64 តួអក្សរ');
    expect(description(CONFIRM)).toBe('ការបញ្ជាក់មិនដូចពាក្យសម្ងាត់ថ្មីទេ');
    expect(routesCalled(isBackgroundCall)).toEqual(['GET /api/user']);
  });

  it('shows the server’s field errors on their fields, in Khmer (the English text is for operators)', async () => {
    mockFetch({
      'GET /api/user': SIGNED_IN,
      'POST /api/user/change_password': {
        status: 422,
        body: {
          message: 'The old password is incorrect.',
          code: 'VALIDATION_FAILED',
          errors: { old_password: ['The old password is incorrect.'] },
        },
      },
    });
    const { user } = renderApp('/user/password');
    await fill(user, 'wrong-old', 'new-password-1', 'new-password-1');
    await waitFor(() => expect(description(OLD)).toBe('ពាក្យសម្ងាត់ចាស់មិនត្រឹមត្រូវ'));
    expect(screen.getByLabelText(OLD).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends old_password, new_password and confirm, then says it is done in a green alert', async () => {
    const { calls } = mockFetch({
      'GET /api/user': SIGNED_IN,
      'POST /api/user/change_password': { body: { data: { success: true, message: 'Password changed.' } } },
    });
    const { user } = renderApp('/user/password');
    await fill(user, 'old-password', 'new-password-1', 'new-password-1');

    const dialog = await screen.findByRole('alertdialog', { name: 'យល់ព្រម' });
    expect(dialog.textContent).toContain('ពាក្យសម្ងាត់របស់អ្នកត្រូវបានប្ដូររួចរាល់។');
    expect(calls.find((c) => c.route === 'POST /api/user/change_password')?.body).toEqual({
      old_password: 'old-password',
      new_password: 'new-password-1',
      confirm: 'new-password-1',
    });
    expect((screen.getByLabelText(OLD) as HTMLInputElement).value).toBe('');
  });
});
