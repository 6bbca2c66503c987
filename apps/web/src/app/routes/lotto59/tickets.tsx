import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { TicketDetail } from '@/features/lotto59/components/tickets/ticket-detail';
import { TicketList } from '@/features/lotto59/components/tickets/ticket-list';

const ticketHref = (id: number) => paths.ticket.lotto59.getHref(id);

/** `/ticket/lotto59` (the list, with the ticket lookup of menu item 2) and `/ticket/lotto59/{id}`. */
export function Lotto59TicketsRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  if (id === undefined)
    return <TicketList ticketHref={ticketHref} onLookup={(found) => void navigate(ticketHref(found))} />;
  const ticketId = Number(id);
  if (!Number.isSafeInteger(ticketId) || ticketId <= 0)
    return <Navigate to={paths.ticket.lotto59.getHref()} replace />;
  return <TicketDetail key={ticketId} id={ticketId} listHref={paths.ticket.lotto59.getHref()} />;
}
