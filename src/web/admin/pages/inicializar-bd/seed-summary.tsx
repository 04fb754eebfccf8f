import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'

/** What the initialization loads (SPEC section 9). */
export function SeedSummary() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Se cargarán estos datos</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          <li>
            <strong>21 ingredientes</strong> (5 base, 9 extras, 7 salsas)
          </li>
          <li>
            <strong>10 productos</strong> (3 chilaquiles, 4 bebidas, 3 postres)
            <ul className="mt-1 ml-5 list-disc text-muted-foreground">
              <li>Chilaquiles: Q35 - Q65</li>
              <li>Bebidas: Q20 - Q35</li>
              <li>Postres: Q35 - Q45</li>
            </ul>
          </li>
          <li>
            <strong>Configuración</strong> del número de WhatsApp para recibir pedidos
          </li>
        </ul>
      </CardContent>
    </Card>
  )
}
