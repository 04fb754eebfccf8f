import { PageHeader } from '../../components/page-header'
import { ChatNumberForm } from './chat-number-form'
import { OpeningHoursCard } from './opening-hours-form'
import { OrderSettingsCard } from './order-settings-form'
import { TicketWidthForm } from './ticket-width-form'
import { StoreProfileForm } from './store-profile-form'

export default function ConfiguracionPage() {
  return (
    <div>
      <PageHeader title="Configuración" description="Ajustes generales de la tienda" />
      <div className="grid gap-6">
        <StoreProfileForm />
        <ChatNumberForm />
        <OpeningHoursCard />
        <OrderSettingsCard />
        <TicketWidthForm />
      </div>
    </div>
  )
}
