; A .COM of 0 bytes is valid, as it was for DOS: the zero bytes of the segment run as
; ADD [BX+SI],AL (AL=0: nothing changes) up to the zero word on the stack, wrap to PSP:0000
; and end with its INT 20h: return code 0.
