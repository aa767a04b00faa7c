# Stella: the marking message once everyone has locked in, and a slate that changed elsewhere.
st-marking-over = 🔒 Marquage terminé. Ardoises validées : { $locked }
