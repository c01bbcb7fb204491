import { useStore } from '@nanostores/react';
import { $connection } from './connection-store';

/**
 * The till's header badge: online or offline, and the sales waiting on this device (and refused), from the
 * connection store the outbox and every call feed. Server-rendered as online with none waiting; hydrated on load.
 */
export default function PosStatus() {
  const connection = useStore($connection);
  const { online, waiting, refused } = connection;
  return (
    <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm" data-pos-status={online ? 'online' : 'offline'}>
      <span className={`rounded-full px-3 py-1 font-semibold ${online ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950'}`}>{online ? 'Online' : 'Offline'}</span>
      <span data-pos-waiting={waiting}>{waiting === 1 ? '1 sale waiting' : `${waiting} sales waiting`}</span>
      {refused > 0 && <span className="font-semibold text-red-800">{refused} refused</span>}
    </p>
  );
}
