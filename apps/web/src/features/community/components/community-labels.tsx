import { Badge, Group } from '@mantine/core';
import type { TCommunityItem } from '@kolikko/core/schemas/community';
import { CoinIcon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { storedCategoryLabelKey } from '../../../lib/todolist-labels.ts';

/** Spec section 2: the price, FREE at zero. */
export function CommunityPrice({ price }: { price: number }) {
  const { t } = useTranslation();
  if (price === 0) {
    return (
      <Badge color="teal.8" variant="filled" size="lg" tt="none" style={{ flexShrink: 0 }} data-testid="community-price">
        {t('community.free')}
      </Badge>
    );
  }
  return (
    <Badge color="yellow.3" c="dark.8" variant="filled" size="lg" tt="none" style={{ flexShrink: 0 }} leftSection={<CoinIcon size={16} aria-hidden="true" />} data-testid="community-price">
      {t('common.coinsAmount', { count: price })}
    </Badge>
  );
}

/** The categories, target groups and language of an item, as small labels. */
export function CommunityTags({ item }: { item: TCommunityItem }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {item.category.map((category) => (
        <Badge key={category} variant="light" color="indigo" tt="none" radius="sm">
          {t(storedCategoryLabelKey(category))}
        </Badge>
      ))}
      {item.target.map((target) => (
        <Badge key={target} variant="light" color="grape" tt="none" radius="sm">
          {t(`todolists.targets.${target}`)}
        </Badge>
      ))}
      <Badge variant="outline" color="gray.7" tt="none" radius="sm">
        {t(`todolists.languages.${item.language}`)}
      </Badge>
    </Group>
  );
}
