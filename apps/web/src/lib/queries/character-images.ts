import { useQuery } from '@tanstack/react-query';
import { ZActionImage, ZCharacterImage, type TActionImage, type TCharacterImage } from '@kolikko/core/schemas/characters';
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

const ZCharacterImageList = ZCharacterImage.array();
const ZActionImageList = ZActionImage.array();

export function getCharacterImages(kind: CharacterPartKind, signal?: AbortSignal): Promise<TCharacterImage[]> {
  return apiRequest(`/images/${kind}`, { schema: ZCharacterImageList, signal });
}

export function getActionImages(signal?: AbortSignal): Promise<TActionImage[]> {
  return apiRequest('/images/actions', { schema: ZActionImageList, signal });
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
