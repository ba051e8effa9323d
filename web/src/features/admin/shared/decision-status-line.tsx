import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useDeviceOnline } from '@/hooks/use-device-online';
import { decisionStatusText, type DecisionWrite } from './decision-status';
import type { QueuedDecisions } from './use-queued-decisions';

export interface DecisionReports {
  /** A decision was saved on the device as outbox row `rowId`. */
  queued(write: DecisionWrite, rowId: string): void;
  /** The admin took a decision back (Undo) or dropped a refused one (Dismiss). */
  dropped(rowId: string): void;
}

export interface DecisionStatus {
  /** The confirmation of the latest decision; '' when there is nothing to say. */
  text: string;
  reports: DecisionReports;
}

const DecisionReportsContext = createContext<DecisionReports | null>(null);

/** Where the decisions made inside a DecisionStatusLine report themselves; null outside one. */
export const useDecisionReports = (): DecisionReports | null => useContext(DecisionReportsContext);

interface Latest {
  write: DecisionWrite;
  rowId: string;
  seen: boolean;
}

/**
 * What the admin's latest decision in a list did ("Approved Quiet Library."), or, while it waits on
 * the device, that it is saved to send later, followed through the list's queued `decisions`.
 */
export function useDecisionStatus(decisions: QueuedDecisions): DecisionStatus {
  const [latest, setLatest] = useState<Latest | null>(null);
  const online = useDeviceOnline();
  const row = latest ? [...decisions.byItem.values()].flat().find((queued) => queued.id === latest.rowId) : undefined;
  const reports = useMemo<DecisionReports>(
    () => ({
      queued: (write, rowId) => setLatest({ write, rowId, seen: false }),
      dropped: (rowId) => setLatest((current) => (current?.rowId === rowId ? null : current)),
    }),
    [],
  );
  // Noted as the row shows up (React's adjusting state while rendering), so its leaving reads as sent.
  if (row && latest && !latest.seen) setLatest({ ...latest, seen: true });
  return { text: latest ? decisionStatusText(latest.write, { row, seen: latest.seen, online }) : '', reports };
}

/**
 * The list's decision confirmation as a polite live region above the list it wraps: the decided row
 * greys out or leaves the list, and this says what happened. Always in the page, so it is announced
 * when it changes and stays when the list empties. The decisions made inside report to it.
 */
export function DecisionStatusLine({ status, children }: { status: DecisionStatus; children: ReactNode }) {
  return (
    <DecisionReportsContext.Provider value={status.reports}>
      <p className="admin-queue-line admin-decision-status" role="status">
        {status.text}
      </p>
      {children}
    </DecisionReportsContext.Provider>
  );
}
