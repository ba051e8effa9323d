import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { systemClock } from '@/lib/device/clock';
import { useServices } from '@/lib/services';

const NowContext = createContext<Date | null>(null);

/**
 * One ticking clock for the whole page, so hundreds of open-now badges share a single timer. Ticks
 * on the minute boundary because opening times are whole minutes. Time comes from the services'
 * clock, so a test sets the hour the screens see.
 */
export function NowProvider({ children, intervalMs = 60_000 }: { children: ReactNode; intervalMs?: number }) {
  const { clock } = useServices();
  const [now, setNow] = useState(() => new Date(clock.now()));
  useEffect(() => {
    let timer: unknown;
    const schedule = () => {
      const wait = intervalMs - (clock.now() % intervalMs);
      timer = clock.setTimeout(() => {
        setNow(new Date(clock.now()));
        schedule();
      }, wait);
    };
    schedule();
    return () => clock.clearTimeout(timer);
  }, [clock, intervalMs]);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** The page's minute; outside a NowProvider (a component rendered alone), the device's time now. */
export function useNow(): Date {
  return useContext(NowContext) ?? new Date(systemClock.now());
}
