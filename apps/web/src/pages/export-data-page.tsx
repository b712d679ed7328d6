import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function ExportDataPage() {
  return <ScreenPlaceholder title="Export Data" />
}
