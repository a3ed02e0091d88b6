import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { LuX } from "react-icons/lu";
import { Sidebar } from "./sidebar";

/**
 * The sidebar as a narrow screen's menu: a modal <dialog> from the start edge (the browser keeps the
 * focus inside, Escape closes it, the page behind is inert). A press on the backdrop closes it too.
 */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // A press on the backdrop lands on the <dialog> itself (its content fills it otherwise); the
  // keyboard's way out is Escape, which the browser handles.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onPress = (event: MouseEvent) => {
      if (event.target === element) onClose();
    };
    element.addEventListener("click", onPress);
    return () => element.removeEventListener("click", onPress);
  }, [onClose]);

  return (
    <dialog ref={dialog} className="shell-drawer" aria-labelledby="shell-drawer-title" onClose={onClose}>
      {open && (
        <div className="shell-drawer-inner">
          <div className="shell-drawer-header">
            <h2 id="shell-drawer-title">{t`Menu`}</h2>
            <button type="button" className="shell-button" aria-label={t`Close`} onClick={onClose}>
              <LuX aria-hidden />
            </button>
          </div>
          <Sidebar onNavigate={onClose} />
        </div>
      )}
    </dialog>
  );
}
