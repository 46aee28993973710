import type { CreateAdminInput, User } from '@camposanto/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

export function createAdmin(input: CreateAdminInput): Promise<User> {
  return apiRequest('/api/v1/crear-admin', {
    method: 'POST',
    json: { rol: 'administrador', ...input },
    auth: false,
  });
}

export function useCreateAdmin() {
  return useMutation({ mutationFn: createAdmin });
}
