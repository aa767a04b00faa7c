# Stella: the marking message once everyone has locked in, and a slate that changed elsewhere.
st-marking-over = 🔒 Markieren beendet. Festgelegt: { $locked }
