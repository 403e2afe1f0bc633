import { useQuery } from '@tanstack/react-query';
import type { TBlockedTeacher } from '@kolikko/core/schemas/sharing';
import { apiRequest } from '../../../lib/api-client.ts';

/** The teachers this one blocked from sharing with it, newest first (features/todos blocks, and writes this key). */
export function blockedTeachersQueryKey(teacherId: string) {
  return ['blockedTeachers', teacherId] as const;
}

type TBlockedTeacherArray = TBlockedTeacher[];

export function getBlockedTeachers(teacherId: string, signal?: AbortSignal): Promise<TBlockedTeacher[]> {
  return apiRequest<TBlockedTeacherArray>(`/blocked-teachers/${encodeURIComponent(teacherId)}`, { signal });
}

export function useBlockedTeachers(teacherId: string) {
  return useQuery({
    queryKey: blockedTeachersQueryKey(teacherId),
    queryFn: ({ signal }) => getBlockedTeachers(teacherId, signal),
  });
}
