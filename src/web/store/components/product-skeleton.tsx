import { Card } from '../../ui/card'
import { Skeleton } from '../../ui/skeleton'

export function ProductSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="product-skeleton">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-10 w-full" />
      </div>
    </Card>
  )
}
