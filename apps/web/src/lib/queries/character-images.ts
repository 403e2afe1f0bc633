import { useQuery } from '@tanstack/react-query';
import type { TActionImage, TCharacterImage } from '@kolikko/core/schemas/characters';
import { apiRequest } from '../api-client.ts';

/**
 * The character art's catalogue (spec section 7: GET images/faces, images/hairs, images/actions).
 * Shared because profiles, the member page and history all show it. It changes only with a
 * release, so it is read once per visit.
 */
export type CharacterPartKind = 'faces' | 'hairs';

export function characterImagesQueryKey(kind: CharacterPartKind | 'actions') {
  return ['characterImages', kind] as const;
}

type TCharacterImageList = TCharacterImage[];
type TActionImageList = TActionImage[];

export function getCharacterImages(kind: CharacterPartKind, signal?: AbortSignal): Promise<TCharacterImage[]> {
  return apiRequest<TCharacterImageList>(`/images/${kind}`, { signal });
}

export function getActionImages(signal?: AbortSignal): Promise<TActionImage[]> {
  return apiRequest<TActionImageList>('/images/actions', { signal });
}

export function useCharacterImages(kind: CharacterPartKind) {
  return useQuery({
    queryKey: characterImagesQueryKey(kind),
    queryFn: ({ signal }) => getCharacterImages(kind, signal),
    staleTime: Infinity,
  });
}

export function useActionImages() {
  return useQuery({
    queryKey: characterImagesQueryKey('actions'),
    queryFn: ({ signal }) => getActionImages(signal),
    staleTime: Infinity,
  });
}
