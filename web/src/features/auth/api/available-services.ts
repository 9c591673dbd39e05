import { path, routes, type AvailableServices } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from './keys';

/** GET /api/otp/available-services; on failure only email is offered. */
export async function getAvailableServices(): Promise<AvailableServices['services']> {
  try {
    const result = await api.get<AvailableServices>(path(routes.otp.availableServices), { silent: true, auth: false });
    return { email: result?.services?.email !== false, telegram: result?.services?.telegram === true };
  } catch {
    return { email: true, telegram: false };
  }
}

export function useAvailableServices() {
  return useQuery({ queryKey: authKeys.otpServices(), queryFn: getAvailableServices, staleTime: 60_000 });
}
