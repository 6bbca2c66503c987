import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notifications } from '@/lib/notifications';
import { useFocusTrap } from './focus-trap';
import { NotificationsHost } from './notifications-host';

function renderHost() {
  render(
    <>
      <button type="button">outside</button>
      <NotificationsHost />
    </>,
  );
  return userEvent.setup();
}

describe('alert dialog (seed §2)', () => {
  it('has one OK button, the Khmer word for OK as its default title, and is red for ERROR', async () => {
    const onClose = vi.fn();
    const user = renderHost();
    act(() => notifications.alert({ status: 'ERROR', message: 'Something broke', onClose }));

    const dialog = screen.getByRole('alertdialog', { name: 'យល់ព្រម' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Something broke')).toBeTruthy();
    const ok = screen.getByRole('button', { name: 'យល់ព្រម' });
    expect(ok.dataset.tone).toBe('error');
    expect(document.activeElement).toBe(ok);
    await user.click(ok);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is green otherwise, keeps focus inside on Tab, and closes on Escape', async () => {
    const onClose = vi.fn();
    const user = renderHost();
    act(() => notifications.alert({ title: 'Done', message: 'Saved', onClose }));
    const ok = screen.getByRole('button', { name: 'យល់ព្រម' });
    expect(ok.dataset.tone).toBe('success');

    await user.tab();
    expect(document.activeElement).toBe(ok);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(ok);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(document.body);
  });

  it('shows alerts one at a time, and the same keyed alert once', async () => {
    const user = renderHost();
    act(() => {
      notifications.alert({ message: 'first', key: 'k' });
      notifications.alert({ message: 'first again', key: 'k' });
      notifications.alert({ message: 'second' });
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByText('first')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'យល់ព្រម' }));
    expect(screen.getByText('second')).toBeTruthy();
  });
});

describe('confirm dialog (seed §2)', () => {
  it('runs the callback on confirm only', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = renderHost();
    act(() => notifications.confirm({ message: 'Delete the ticket?', onConfirm, onCancel }));
    const dialog = screen.getByRole('alertdialog', { name: 'បញ្ជាក់' });
    expect(dialog.textContent).toContain('Delete the ticket?');

    await user.click(screen.getByRole('button', { name: 'បោះបង់' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();

    act(() => notifications.confirm({ message: 'Really?', onConfirm, onCancel }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'បញ្ជាក់' }));
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cancels on Escape and traps Tab between its two buttons', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = renderHost();
    act(() => notifications.confirm({ message: 'Sure?', onConfirm, onCancel }));
    const [cancel, confirm] = [
      screen.getByRole('button', { name: 'បោះបង់' }),
      screen.getByRole('button', { name: 'បញ្ជាក់' }),
    ];
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

function Drawer() {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, () => undefined);
  return (
    <div ref={ref}>
      <button type="button">in the drawer</button>
    </div>
  );
}

describe('focus traps one over another', () => {
  it('gives an alert raised over the open phone menu the focus, and hands it back when it closes', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Drawer />
        <NotificationsHost />
      </>,
    );
    const inDrawer = screen.getByRole('button', { name: 'in the drawer' });
    expect(document.activeElement).toBe(inDrawer);
    act(() => notifications.alert({ status: 'ERROR', message: 'Please log in again' }));
    const ok = screen.getByRole('button', { name: 'យល់ព្រម' });
    expect(document.activeElement).toBe(ok);
    await user.tab();
    expect(document.activeElement).toBe(ok);
    await user.click(ok);
    expect(document.activeElement).toBe(inDrawer);
  });
});
