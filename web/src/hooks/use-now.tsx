import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const NowContext = createContext<Date | null>(null);

/**
 * One ticking clock for the whole page, so hundreds of open-now badges share a single timer. Ticks
 * on the minute boundary because opening times are whole minutes.
 */
export function NowProvider({ children, intervalMs = 60_000 }: { children: ReactNode; intervalMs?: number }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const wait = intervalMs - (Date.now() % intervalMs);
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [intervalMs]);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

export function useNow(): Date {
  return useContext(NowContext) ?? new Date();
}
