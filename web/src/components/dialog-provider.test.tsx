import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { DialogProvider, useAlert, useConfirm } from './dialog-provider';

function AlertButton() {
  const alert = useAlert();
  const [closed, setClosed] = useState(false);
  return (
    <>
      <button type="button" onClick={() => void alert({ icon: 'success', title: 'Thank you!', text: 'Message received!', note: 'Later.' }).then(() => setClosed(true))}>
        Show
      </button>
      {closed && <p>Alert closed</p>}
    </>
  );
}

function ConfirmButton() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void confirm().then((yes) => setAnswer(String(yes)))}>
        Delete
      </button>
      <p>Answer: {answer}</p>
    </>
  );
}

/** A Remove button that takes itself away and says so in an alert, as Delete does on the profile. */
function RemovingButton() {
  const alert = useAlert();
  const [present, setPresent] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        List
      </h2>
      {present && (
        <button
          type="button"
          onClick={() => {
            void alert({ icon: 'success', title: 'Removed!', text: 'It is gone.', returnFocusTo: () => heading.current });
            setPresent(false);
          }}
        >
          Remove
        </button>
      )}
    </>
  );
}

describe('alert dialog', () => {
  it('names itself by its title, describes itself by its text, takes focus and gives it back on OK', async () => {
    render(
      <DialogProvider>
        <AlertButton />
      </DialogProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Show' });
    opener.focus();
    fireEvent.click(opener);

    const alert = screen.getByRole('alertdialog', { name: 'Thank you!' });
    expect(alert.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(alert.getAttribute('aria-describedby')!)?.textContent).toBe('Message received!Later.');
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(ok);

    fireEvent.click(ok);
    expect(await screen.findByText('Alert closed')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('sends focus to returnFocusTo when the element that opened it has gone', async () => {
    render(
      <DialogProvider>
        <RemovingButton />
      </DialogProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Remove' });
    opener.focus();
    fireEvent.click(opener);
    expect(opener.isConnected).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'List' }));
  });

  it('closes on Escape', async () => {
    render(
      <DialogProvider>
        <AlertButton />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    act(() => {
      screen.getByRole('alertdialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(await screen.findByText('Alert closed')).toBeTruthy();
  });
});

describe('confirm dialog', () => {
  it("asks 'Are you sure?' and answers true only for 'Yes, flush it!'", async () => {
    render(
      <DialogProvider>
        <ConfirmButton />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain("You won't be able to revert this!");
    // A stray Enter should keep things as they are.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Answer: false')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, flush it!' }));
    expect(await screen.findByText('Answer: true')).toBeTruthy();
  });
});
