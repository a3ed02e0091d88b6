import { Flex, Icon, IconButton, NativeSelect, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuChevronLeft, LuChevronRight } from "react-icons/lu";
import { PAGE_SIZES } from "../../../core/list-query";

export interface PaginationControlProps {
  page: number;
  pageSize: number;
  count: number;
  /** The count is the server's estimate of a large list: "about" it, and so the number of pages. */
  countIsEstimate?: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Previous/next and page size (SPEC section 2 "Pagination control"). */
export function PaginationControl({
  page,
  pageSize,
  count,
  countIsEstimate,
  hasPrevious,
  hasNext,
  loading,
  onPage,
  onPageSize,
}: PaginationControlProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const sizes: number[] = PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number]) ? [...PAGE_SIZES] : [...PAGE_SIZES, pageSize];
  return (
    <Flex align="center" gap="2" wrap="wrap" justify="end" py="2">
      <Text fontSize="sm" color="fg.muted">
        <Trans>Rows per page</Trans>
      </Text>
      <NativeSelect.Root size="xs" w="20">
        <NativeSelect.Field aria-label={t`Rows per page`} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text fontSize="sm" aria-live="polite">
        {countIsEstimate ? (
          <Trans>
            Page {page} of about {pages} (about {count} records)
          </Trans>
        ) : (
          <Trans>
            Page {page} of {pages} ({count} records)
          </Trans>
        )}
      </Text>
      {/* Chevrons mirror in RTL so "previous" always points backwards. */}
      <IconButton
        aria-label={t`Previous page`}
        size="xs"
        variant="outline"
        disabled={loading || !hasPrevious}
        onClick={() => onPage(page - 1)}
      >
        <Icon _rtl={{ transform: "scaleX(-1)" }}>
          <LuChevronLeft />
        </Icon>
      </IconButton>
      <IconButton aria-label={t`Next page`} size="xs" variant="outline" disabled={loading || !hasNext} onClick={() => onPage(page + 1)}>
        <Icon _rtl={{ transform: "scaleX(-1)" }}>
          <LuChevronRight />
        </Icon>
      </IconButton>
    </Flex>
  );
}
