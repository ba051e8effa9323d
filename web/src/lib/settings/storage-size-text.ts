/** Bytes in kB, MB or GB (of 1,000, as the browsers' own settings count), written as `intlLocale` writes numbers. */
export function storageSizeText(bytes: number, intlLocale: string): string {
  const [unit, size] = bytes >= 1e9 ? ['gigabyte', bytes / 1e9] : bytes >= 1e6 ? ['megabyte', bytes / 1e6] : ['kilobyte', bytes / 1e3];
  return new Intl.NumberFormat(intlLocale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(size);
}
