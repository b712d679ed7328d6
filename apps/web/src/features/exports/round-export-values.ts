import {
  ROUND_EXPORT_METRICS,
  type RoundExportMetric,
  type RoundExportRequest,
} from '@hackathon/contract'

export type StageFilter = NonNullable<NonNullable<RoundExportRequest['filters']>['stageName']>

/** The rounds export dialog's fields, as chosen. */
export interface RoundExportValues {
  fromDate: string
  toDate: string
  stageName: StageFilter
  metrics: Record<RoundExportMetric, boolean>
}

/** No dates, every stage, no metric ticked (docs/product/exports-and-uploads.md#rounds-export). */
export const ROUND_EXPORT_DEFAULTS: Readonly<RoundExportValues> = {
  fromDate: '',
  toDate: '',
  stageName: 'all',
  metrics: Object.fromEntries(ROUND_EXPORT_METRICS.map((metric) => [metric, false])) as Record<
    RoundExportMetric,
    boolean
  >,
}

/**
 * {filters, metrics} (docs/product/exports-and-uploads.md#rounds-export); an empty date is left out
 * rather than sent blank.
 */
export function toRoundExportRequest(values: RoundExportValues): RoundExportRequest {
  return {
    filters: {
      ...(values.fromDate && { fromDate: values.fromDate }),
      ...(values.toDate && { toDate: values.toDate }),
      stageName: values.stageName,
    },
    metrics: { ...values.metrics },
  }
}
