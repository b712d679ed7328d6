const countFormat = new Intl.NumberFormat()

/** 12345 -> '12,345' in the viewer's locale. */
export function formatCount(value: number): string {
  return countFormat.format(value)
}
