"""Botzone's Chinese-Standard-Mahjong (国标麻将) protocol: the messages
(``fanshu.botzone.protocol``), a bot that answers them with any fanshu player, a local
judge that runs bot programs against each other, and Botzone's match logs read back."""
